import { Placeholder } from '../ui/Placeholder.tsx';

export default function ProfilePage() {
  return <Placeholder title="Profile" />;
}
