import { Placeholder } from '../ui/Placeholder.tsx';

export default function BoostedPage() {
  return <Placeholder title="Boosted" />;
}
