/**
 * The feed's action buttons beside an offer: boost, favourite, the five reactions, share, message and
 * details. Each button's accessible name carries its count ("Boost, 12"); toggles say aria-pressed.
 */
import {
  Eye,
  Flame,
  HandHeart,
  Heart,
  Info,
  Lightbulb,
  MessageCircle,
  Rocket,
  Share2,
  SmilePlus,
  ThumbsDown,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { REACTIONS, type FeedOffer, type Reaction, type ViewerOfferState } from '@gigreel/core';
import { cn } from '../../ui/cn.ts';
import { requireAuth, useViewer } from '../auth/index.ts';
import { useEngagement, useEngagementOwner } from './engagement.store.ts';
import { shareOffer } from './share.ts';
import { compactCount } from './compactCount.ts';
import { useEngagementActions } from './useEngagementActions.ts';

/** Icons rather than emoji: they look the same on every device, emoji fonts or not. */
const REACTION_ICON: Record<Reaction, { icon: LucideIcon; tone: string }> = {
  Smart: { icon: Lightbulb, tone: 'text-yellow-300' },
  Support: { icon: HandHeart, tone: 'text-pink-300' },
  Hype: { icon: Flame, tone: 'text-orange-400' },
  'Not for Me': { icon: ThumbsDown, tone: 'text-sky-300' },
  Watching: { icon: Eye, tone: 'text-violet-300' },
};

function ReactionIcon({ reaction, className }: { reaction: Reaction; className: string }) {
  const { icon: Icon, tone } = REACTION_ICON[reaction];
  return <Icon className={cn(className, tone)} aria-hidden="true" />;
}

type Props = {
  offer: FeedOffer;
  state: ViewerOfferState | undefined;
  onMessage: () => void;
  onDetails: () => void;
  /** The reaction picker is open (the feed holds still meanwhile). */
  onPickerChange: (open: boolean) => void;
};

export function ActionRail({ offer, state, onMessage, onDetails, onPickerChange }: Props) {
  const { viewer } = useViewer();
  useEngagementOwner(viewer?.id ?? null);
  const engagement = useEngagement(offer, state);
  const actions = useEngagementActions(offer, engagement);
  const [picking, setPicking] = useState(false);
  const rail = useRef<HTMLDivElement>(null);

  // The feed holds still while the picker is open; a rail that leaves the screen lets it go.
  useEffect(() => {
    onPickerChange(picking);
    return () => onPickerChange(false);
  }, [picking, onPickerChange]);
  useEffect(() => {
    if (!picking) return;
    const close = (event: PointerEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !rail.current?.contains(event.target as Node))
        setPicking(false);
    };
    window.addEventListener('pointerdown', close);
    window.addEventListener('keydown', close);
    return () => {
      window.removeEventListener('pointerdown', close);
      window.removeEventListener('keydown', close);
    };
  }, [picking]);

  const share = async () => {
    if (await shareOffer(offer)) actions.countShare();
  };

  return (
    <div
      ref={rail}
      className="relative flex flex-col items-center gap-3.5 [@media(max-height:720px)]:gap-2 [@media(max-height:620px)]:gap-1"
    >
      <RailButton
        label="Boost"
        count={engagement.boostCount}
        pressed={engagement.boosted}
        disabled={actions.isOwn}
        title={actions.isOwn ? 'You cannot boost your own offer.' : undefined}
        onClick={actions.toggleBoost}
        tone="text-amber-300"
      >
        <Rocket className={cn('h-7 w-7', engagement.boosted && 'fill-amber-300/30')} aria-hidden="true" />
      </RailButton>
      <RailButton
        label="Favourite"
        count={engagement.favoriteCount}
        pressed={engagement.favorited}
        onClick={actions.toggleFavorite}
        tone="text-brand-500"
      >
        <Heart className={cn('h-7 w-7', engagement.favorited && 'fill-current')} aria-hidden="true" />
      </RailButton>
      <RailButton
        label="React"
        count={engagement.reactionCount}
        expanded={picking}
        onClick={() => (viewer ? setPicking((open) => !open) : requireAuth())}
        tone="text-white"
      >
        {engagement.reaction ? (
          <ReactionIcon reaction={engagement.reaction} className="h-7 w-7" />
        ) : (
          <SmilePlus className="h-7 w-7" aria-hidden="true" />
        )}
      </RailButton>
      {picking ? (
        <div
          role="group"
          aria-label="Reactions"
          className="absolute right-full top-16 mr-2 flex flex-col gap-1 rounded-2xl border border-white/10 bg-black/80 p-1.5 shadow-xl backdrop-blur"
        >
          {REACTIONS.map((reaction) => (
            <button
              key={reaction}
              type="button"
              aria-pressed={engagement.reaction === reaction}
              onClick={() => {
                actions.react(reaction);
                setPicking(false);
              }}
              className={cn(
                'flex items-center gap-2 whitespace-nowrap rounded-xl px-3 py-2 text-left text-sm font-semibold text-white hover:bg-white/10',
                engagement.reaction === reaction && 'bg-brand-600/80 hover:bg-brand-600',
              )}
            >
              <ReactionIcon reaction={reaction} className="h-5 w-5" />
              {reaction}
            </button>
          ))}
        </div>
      ) : null}
      <RailButton label="Share" count={engagement.shareCount} onClick={() => void share()} tone="text-white">
        <Share2 className="h-7 w-7" aria-hidden="true" />
      </RailButton>
      {actions.isOwn ? null : (
        <RailButton label="Message" onClick={onMessage} tone="text-white">
          <MessageCircle className="h-7 w-7" aria-hidden="true" />
        </RailButton>
      )}
      <RailButton label="Details" onClick={onDetails} tone="text-white">
        <Info className="h-7 w-7" aria-hidden="true" />
      </RailButton>
    </div>
  );
}

type RailButtonProps = {
  label: string;
  count?: number;
  pressed?: boolean;
  expanded?: boolean;
  disabled?: boolean;
  title?: string | undefined;
  tone: string;
  onClick: () => void;
  children: ReactNode;
};

function RailButton({ label, count, pressed, expanded, disabled, title, tone, onClick, children }: RailButtonProps) {
  return (
    <button
      type="button"
      aria-label={count === undefined ? label : `${label}, ${count}`}
      aria-pressed={pressed}
      aria-expanded={expanded}
      disabled={disabled}
      title={title}
      onClick={onClick}
      className="group flex w-14 flex-col items-center gap-1 text-white drop-shadow-[0_1px_2px_rgba(0,0,0,0.8)] disabled:opacity-60"
    >
      <span
        className={cn(
          'flex h-12 w-12 items-center justify-center rounded-full bg-black/35 backdrop-blur-sm transition-transform group-active:scale-90 [@media(max-height:620px)]:h-10 [@media(max-height:620px)]:w-10',
          pressed ? tone : 'text-white',
        )}
      >
        {children}
      </span>
      {count !== undefined ? (
        <span className="text-xs font-semibold tabular-nums" aria-hidden="true">
          {compactCount(count)}
        </span>
      ) : (
        <span className="text-[11px] font-medium [@media(max-height:620px)]:hidden" aria-hidden="true">
          {label}
        </span>
      )}
    </button>
  );
}
