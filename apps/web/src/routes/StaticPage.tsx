/** The static pages (/faq, /how-it-works, /terms, /privacy, /terms-policies, /company, /program); unknown slugs are the 404 page. */
import { useLocation } from 'react-router';
import { Placeholder } from '../ui/Placeholder.tsx';
import NotFoundPage from './NotFound.tsx';

const titles: Record<string, string> = {
  faq: 'FAQ', 'how-it-works': 'How It Works', terms: 'Terms of Service', privacy: 'Privacy Policy',
  'terms-policies': 'Terms & Policies', company: 'Company', program: 'Creator Program',
};

export default function StaticPage() {
  const slug = useLocation().pathname.slice(1);
  const title = titles[slug];
  if (!title) return <NotFoundPage />;
  return <Placeholder title={title} />;
}
