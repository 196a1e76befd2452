import { Placeholder } from '../ui/Placeholder.tsx';

export default function SignupPage() {
  return <Placeholder title="Signup" />;
}
