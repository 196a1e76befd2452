import { Placeholder } from '../ui/Placeholder.tsx';

export default function CreatorPage() {
  return <Placeholder title="Creator" />;
}
