import { Placeholder } from '../ui/Placeholder.tsx';

export default function OrderUploadPage() {
  return <Placeholder title="Deliver your order" />;
}
