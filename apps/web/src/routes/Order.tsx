import { Placeholder } from '../ui/Placeholder.tsx';

export default function OrderPage() {
  return <Placeholder title="Order details" />;
}
