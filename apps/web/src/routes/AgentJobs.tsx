import { Placeholder } from '../ui/Placeholder.tsx';

export default function AgentJobsPage() {
  return <Placeholder title="Agent Jobs" />;
}
