/**
 * The order's review on the order page (reviewPanel.ts decides which part shows): the buyer of a
 * completed order writes one, and may change it for REVIEW_EDIT_DAYS; the seller reads it and replies
 * once; an admin, or anyone on an order in another state, reads it if there is one.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { REVIEW_TEXT_MAX, reviewsTexts, type OrderDetail, type Review } from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../ui/button.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { Card } from '../../ui/misc.tsx';
import { reviewPanel, textCount, untilText } from './reviewPanel.ts';
import { ReviewItem } from './ReviewItem.tsx';
import { useReplyToReview, useSaveReview } from './reviews.queries.ts';
import { StarPicker } from './StarPicker.tsx';

const CANCEL = 'Cancel';

export function OrderReview({ order }: { order: OrderDetail }) {
  const panel = reviewPanel(order);
  const [editing, setEditing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  if (panel.kind === 'none') return null;

  const title =
    panel.kind === 'write'
      ? reviewsTexts.leave
      : order.viewerRole === 'buyer'
        ? reviewsTexts.yourReview
        : reviewsTexts.title;
  const closeForm = (saved: boolean) => {
    setEditing(false);
    // the form is gone: focus moves to what replaced it
    requestAnimationFrame(() => (saved ? heading.current : editButton.current)?.focus());
  };
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-bold text-white focus-visible:outline-none">
        {title}
      </h2>
      {panel.kind === 'write' ? (
        <>
          <p className="text-sm text-zinc-300">{reviewsTexts.leaveBody}</p>
          <ReviewForm orderId={order.id} onDone={() => closeForm(true)} />
        </>
      ) : null}
      {panel.kind === 'editable' && editing ? (
        <ReviewForm
          orderId={order.id}
          review={panel.review}
          onDone={() => closeForm(true)}
          onCancel={() => closeForm(false)}
        />
      ) : null}
      {panel.kind !== 'write' && !(panel.kind === 'editable' && editing) ? <ReviewItem review={panel.review} /> : null}
      {panel.kind === 'editable' ? (
        <div className="flex flex-col gap-2 border-t border-line pt-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-zinc-400">{reviewsTexts.editableUntil(untilText(panel.review.editableUntil))}</p>
          {editing ? null : (
            <Button ref={editButton} variant="outline" size="md" onClick={() => setEditing(true)}>
              {reviewsTexts.edit}
            </Button>
          )}
        </div>
      ) : null}
      {panel.kind === 'reply' ? <ReplyForm orderId={order.id} onDone={() => closeForm(true)} /> : null}
    </Card>
  );
}

/** Stars (required) and words (optional); `review` fills it in to change it. */
function ReviewForm({
  orderId,
  review,
  onDone,
  onCancel,
}: {
  orderId: string;
  review?: Review;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const save = useSaveReview(orderId);
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [text, setText] = useState(review?.text ?? '');
  const [ratingError, setRatingError] = useState<string | undefined>();
  const starRadio = useRef<HTMLInputElement>(null);
  // opened to change the review: focus starts at its stars, once (a refetch brings a new review object)
  const [changing] = useState(review !== undefined);
  useEffect(() => {
    if (changing) starRadio.current?.focus();
  }, [changing]);

  const fieldError = (field: string) =>
    save.error instanceof ApiError && save.error.field === field ? save.error.message : undefined;
  const otherError =
    save.error && !(save.error instanceof ApiError && (save.error.field === 'rating' || save.error.field === 'text'))
      ? save.error
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1 || rating > 5) {
      setRatingError(reviewsTexts.chooseRating);
      starRadio.current?.focus();
      return;
    }
    save.mutate({ rating, text: text.trim() }, { onSuccess: onDone });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <StarPicker
        value={rating}
        onChange={(next) => {
          setRating(next);
          setRatingError(undefined);
        }}
        error={ratingError ?? fieldError('rating')}
        checkedRef={starRadio}
      />
      <TextAreaField
        label={reviewsTexts.text}
        rows={4}
        value={text}
        maxLength={REVIEW_TEXT_MAX}
        onChange={(event) => setText(event.target.value)}
        error={fieldError('text')}
        counter={textCount(text.length)}
      />
      <FormFailure error={otherError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            {CANCEL}
          </Button>
        ) : null}
        <Button type="submit" busy={save.isPending}>
          {review ? reviewsTexts.save : reviewsTexts.send}
        </Button>
      </div>
    </form>
  );
}

/** The seller's one reply, under the review. */
function ReplyForm({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const reply = useReplyToReview(orderId);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const field = useRef<HTMLTextAreaElement>(null);
  const rejected = reply.error instanceof ApiError && reply.error.field === 'text' ? reply.error.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setMissing(reviewsTexts.replyRequired);
      field.current?.focus();
      return;
    }
    reply.mutate(text.trim(), { onSuccess: onDone });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 border-t border-line pt-3">
      <TextAreaField
        ref={field}
        label={reviewsTexts.replyLabel}
        rows={3}
        value={text}
        maxLength={REVIEW_TEXT_MAX}
        required
        onChange={(event) => {
          setText(event.target.value);
          setMissing(undefined);
        }}
        error={missing ?? rejected}
        counter={textCount(text.length)}
      />
      <FormFailure error={reply.error && !rejected ? reply.error : null} />
      <Button type="submit" className="sm:self-end" busy={reply.isPending}>
        {reviewsTexts.sendReply}
      </Button>
    </form>
  );
}

/** A failure that is not about one field (the order moved on, the time to edit ran out, no connection). */
function FormFailure({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-xl border border-red-800 bg-red-950/60 p-3 text-sm text-red-200">
      {error.message}
    </p>
  );
}
