import { Placeholder } from '../ui/Placeholder.tsx';

export default function PostPage() {
  return <Placeholder title="Post your offer" />;
}
