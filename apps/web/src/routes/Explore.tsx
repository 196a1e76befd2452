import { Placeholder } from '../ui/Placeholder.tsx';

export default function ExplorePage() {
  return <Placeholder title="Popular Hashtags" />;
}
