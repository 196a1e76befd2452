import { Placeholder } from '../ui/Placeholder.tsx';

export default function LandingPage() {
  return <Placeholder title="Landing" />;
}
