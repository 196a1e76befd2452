/** The static pages (/faq, /how-it-works, /terms, /privacy, /terms-policies, /company, /program); unknown slugs are the 404 page. */
import { useEffect, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import {
  CompanyPage,
  FaqPage,
  HowItWorksPage,
  PrivacyPage,
  ProgramPage,
  TermsPage,
  TermsPoliciesPage,
} from '../features/static/index.ts';
import NotFoundPage from './NotFound.tsx';

const pages: Record<string, { title: string; Page: ComponentType }> = {
  faq: { title: 'FAQ', Page: FaqPage },
  'how-it-works': { title: 'How It Works', Page: HowItWorksPage },
  terms: { title: 'Terms of Service', Page: TermsPage },
  privacy: { title: 'Privacy Policy', Page: PrivacyPage },
  'terms-policies': { title: 'Terms & Policies', Page: TermsPoliciesPage },
  company: { title: 'Company', Page: CompanyPage },
  program: { title: 'Creator Program', Page: ProgramPage },
};

export default function StaticPage() {
  const slug = useLocation().pathname.replace(/^\/+|\/+$/g, '');
  const page = pages[slug];
  useEffect(() => {
    if (!page) return;
    const previous = document.title;
    document.title = `${page.title} · GigReel`;
    window.scrollTo(0, 0);
    return () => {
      document.title = previous;
    };
  }, [page]);
  if (!page) return <NotFoundPage />;
  return <page.Page />;
}
