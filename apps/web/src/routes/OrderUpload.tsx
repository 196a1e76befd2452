/**
 * /order/{id}/upload: the seller uploads the delivery while the order is paid (SPEC sections 2, 5, 6);
 * with ?replace=1, the seller replaces the delivered file while the order is delivered and the buyer
 * has not acted on it. Anyone else, or any other state, sees "Failed to fetch order or you don't have
 * permission" and goes to /orders.
 */
import { FileUp } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  decideOrderMove,
  DELIVERY_ACCEPT,
  DELIVERY_MAX_FILE_BYTES,
  ordersTexts,
  texts,
  type OrderDetail,
} from '@gigreel/core';
import { ApiError } from '../api/client.ts';
import { BackLink, orderFacts, useOrder, useUploadDelivery, viewerSide } from '../features/orders/index.ts';
import { ProgressBar } from '../ui/progress.tsx';
import { Button } from '../ui/button.tsx';
import { Card, PageTitle, Spinner } from '../ui/misc.tsx';

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Which upload the order is open to: delivering a paid order, or (asked for) replacing a delivered one's file. */
function uploadMode(order: OrderDetail, askedToReplace: boolean): 'deliver' | 'replace' | 'refused' {
  const may = (move: 'deliver' | 'replace_delivery') => decideOrderMove(orderFacts(order), viewerSide(order), move).ok;
  if (askedToReplace && may('replace_delivery')) return 'replace';
  return may('deliver') ? 'deliver' : 'refused';
}

export default function OrderUploadPage() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = useOrder(orderId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [progress, setProgress] = useState(0);
  const inputId = useId();
  // Decided once, on the first answer: the order turning delivered after our own upload is not a refusal.
  const [gate, setGate] = useState<'pending' | 'deliver' | 'replace' | 'refused'>('pending');
  const firstAnswer = query.isError
    ? 'refused'
    : query.data
      ? uploadMode(query.data, params.get('replace') === '1')
      : 'pending';
  if (gate === 'pending' && firstAnswer !== 'pending') setGate(firstAnswer);
  const refused = gate === 'refused';
  const replace = gate === 'replace';
  const uploadDelivery = useUploadDelivery(orderId, replace);

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
          toast.success(replace ? ordersTexts.deliveryReplaced : ordersTexts.delivered);
          navigate(`/order/${orderId}`, { replace: true });
        },
        onError: (err) => {
          setProgress(0);
          setError(err instanceof ApiError ? err.message : ordersTexts.uploadFailed);
        },
      },
    );
  };

  if (gate === 'pending' || refused) return <Spinner label="Loading order" />;
  const action = replace ? ordersTexts.replaceDelivery : ordersTexts.uploadDelivery;
  const current = query.data?.delivery?.fileName;
  return (
    <section className="flex flex-col gap-4 px-4 py-4 md:mx-auto md:max-w-2xl">
      <BackLink to={`/order/${orderId}`} label="Back to order" />
      <PageTitle>{action}</PageTitle>
      <p className="text-zinc-300">{query.data?.title}</p>
      {replace ? (
        <div className="flex flex-col gap-1 text-sm text-zinc-300">
          {current ? (
            <p className="truncate">
              {ordersTexts.currentFile} <span className="font-semibold text-zinc-100">{current}</span>
            </p>
          ) : null}
          <p>{ordersTexts.replaceHint}</p>
        </div>
      ) : null}
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
          aria-label={replace ? ordersTexts.replacementFile : 'Delivery file'}
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
          {action}
        </Button>
      </Card>
    </section>
  );
}
