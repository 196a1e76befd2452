import { Placeholder } from '../ui/Placeholder.tsx';

export default function MessagesPage() {
  return <Placeholder title="Messages" />;
}
