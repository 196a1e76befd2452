import { Placeholder } from '../ui/Placeholder.tsx';

export default function PasswordResetPage() {
  return <Placeholder title="PasswordReset" />;
}
