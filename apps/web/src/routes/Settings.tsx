import { Placeholder } from '../ui/Placeholder.tsx';

export default function SettingsPage() {
  return <Placeholder title="Settings" />;
}
