import { Placeholder } from '../ui/Placeholder.tsx';

export default function PrivateJobPage() {
  return <Placeholder title="Send a Job to My Designer" />;
}
