import { Placeholder } from '../ui/Placeholder.tsx';

export default function FeedPage() {
  return <Placeholder title="For You" />;
}
