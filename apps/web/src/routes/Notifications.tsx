import { Placeholder } from '../ui/Placeholder.tsx';

export default function NotificationsPage() {
  return <Placeholder title="Notifications" />;
}
