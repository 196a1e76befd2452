/**
 * /order/{id}/upload: the seller uploads the delivery while the order is paid (SPEC sections 2, 5, 6).
 * Anyone else, or any other state, sees "Failed to fetch order or you don't have permission" and goes to /orders.
 */
import { FileUp } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { DELIVERY_ACCEPT, DELIVERY_MAX_FILE_BYTES, ordersTexts, texts } from '@gigreel/core';
import { ApiError } from '../api/client.ts';
import { BackLink, useOrder, useUploadDelivery } from '../features/orders/index.ts';
import { ProgressBar } from '../ui/progress.tsx';
import { Button } from '../ui/button.tsx';
import { Card, PageTitle, Spinner } from '../ui/misc.tsx';

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export default function OrderUploadPage() {
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  const query = useOrder(orderId);
  const uploadDelivery = useUploadDelivery(orderId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [progress, setProgress] = useState(0);
  const inputId = useId();
  // Decided once, on the first answer: the order turning delivered after our own upload is not a refusal.
  const [gate, setGate] = useState<'pending' | 'allowed' | 'refused'>('pending');
  const firstAnswer = query.isError
    ? 'refused'
    : query.data
      ? query.data.viewerRole === 'seller' && query.data.status === 'paid'
        ? 'allowed'
        : 'refused'
      : 'pending';
  if (gate === 'pending' && firstAnswer !== 'pending') setGate(firstAnswer);
  const refused = gate === 'refused';

  useEffect(() => {
    if (!refused) return;
    toast.error(ordersTexts.noPermission, { id: 'order-upload-permission' });
    navigate('/orders', { replace: true });
  }, [refused, navigate]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setProgress(0);
    if (chosen && chosen.size > DELIVERY_MAX_FILE_BYTES) {
      setError(texts.validation.fileTooLarge);
      setFile(null);
      event.target.value = '';
      return;
    }
    setError(undefined);
    setFile(chosen);
  };

  const submit = () => {
    if (!file) return;
    uploadDelivery.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(ordersTexts.delivered);
          navigate(`/order/${orderId}`, { replace: true });
        },
        onError: (err) => {
          setProgress(0);
          setError(err instanceof ApiError ? err.message : ordersTexts.uploadFailed);
        },
      },
    );
  };

  if (gate !== 'allowed') return <Spinner label="Loading order" />;
  return (
    <section className="flex flex-col gap-4 px-4 py-4 md:mx-auto md:max-w-2xl">
      <BackLink to={`/order/${orderId}`} label="Back to order" />
      <PageTitle>Upload delivery</PageTitle>
      <p className="text-zinc-300">{query.data?.title}</p>
      <Card className="flex flex-col gap-4 p-4">
        <label
          htmlFor={inputId}
          className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-line px-4 py-8 text-center hover:border-brand-400"
        >
          <FileUp className="h-8 w-8 text-brand-400" aria-hidden="true" />
          <span className="font-semibold text-white">{file ? 'Choose a different file' : 'Choose a file'}</span>
          <span className="text-xs text-zinc-400">{ordersTexts.deliveryHint}</span>
        </label>
        <input
          id={inputId}
          type="file"
          accept={DELIVERY_ACCEPT}
          onChange={choose}
          className="sr-only"
          aria-label="Delivery file"
          aria-describedby={`${inputId}-note`}
          disabled={uploadDelivery.isPending}
        />
        <div id={`${inputId}-note`} aria-live="polite" className="flex flex-col gap-2 text-sm">
          {file ? (
            <p className="truncate text-zinc-100">
              {file.name} <span className="text-zinc-400">({sizeLabel(file.size)})</span>
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-red-300">
              {error}
            </p>
          ) : null}
        </div>
        {uploadDelivery.isPending || progress > 0 ? <ProgressBar value={progress} label="Upload progress" /> : null}
        <Button size="lg" disabled={!file} busy={uploadDelivery.isPending} onClick={submit}>
          Upload delivery
        </Button>
      </Card>
    </section>
  );
}
