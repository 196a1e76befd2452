import { Placeholder } from '../ui/Placeholder.tsx';

export default function AdminPage() {
  return <Placeholder title="Admin Dashboard" />;
}
