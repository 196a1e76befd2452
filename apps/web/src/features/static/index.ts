/** The static feature's public entry: what other features and the app use of it, and all they may import. */
export { CompanyPage, ProgramPage } from './About.tsx';
export { FaqPage } from './Faq.tsx';
export { HowItWorksPage } from './HowItWorks.tsx';
export { PrivacyPage, TermsPage, TermsPoliciesPage } from './Legal.tsx';
