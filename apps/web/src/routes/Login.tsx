import { Placeholder } from '../ui/Placeholder.tsx';

export default function LoginPage() {
  return <Placeholder title="Login" />;
}
