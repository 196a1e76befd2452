import { Placeholder } from '../ui/Placeholder.tsx';

export default function OrdersPage() {
  return <Placeholder title="Orders" />;
}
