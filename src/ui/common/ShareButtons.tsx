// The two share buttons (a link, an embed snippet) and what they produced, shown for copying. The
// Scorer's share bar and a lesson step's share row differ only in what their buttons make.
import { useState, type ReactNode } from 'react';

export type ShareKind = 'link' | 'embed';

/** What a button made: the text to copy and a line about it. */
export interface Shared {
  text: string;
  note: string;
  /** A second form of the same thing, shown below it (a figure's <lengthlens-figure> beside its iframe). */
  alternative?: { label: string; text: string };
}

export interface ShareButtonsProps {
  /** Accessible name of the group. */
  label: string;
  className?: string;
  linkLabel: string;
  /** data-testid of the two buttons. */
  testIds: Record<ShareKind, string>;
  /** Rows of the text box for each kind. */
  rows: Record<ShareKind, number>;
  make: (kind: ShareKind) => Promise<Shared>;
  /** More controls of the group, after the two buttons (the Scorer's figure image). */
  extra?: ReactNode;
}

const TEXT_LABEL: Record<ShareKind, string> = { link: 'Link', embed: 'Embed code' };

export function ShareButtons(props: ShareButtonsProps) {
  const [shown, setShown] = useState<(Shared & { kind: ShareKind }) | null>(null);
  const share = async (kind: ShareKind) => setShown({ kind, ...(await props.make(kind)) });
  return (
    <div className={props.className ? `share-bar ${props.className}` : 'share-bar'} role="group" aria-label={props.label}>
      <button type="button" onClick={() => share('link')} data-testid={props.testIds.link}>
        {props.linkLabel}
      </button>
      <button type="button" onClick={() => share('embed')} data-testid={props.testIds.embed}>
        Copy embed code
      </button>
      {props.extra}
      {shown && (
        <div className="share-out">
          <label>
            <span className="sr-only">{TEXT_LABEL[shown.kind]}</span>
            <textarea readOnly value={shown.text} rows={props.rows[shown.kind]} onFocus={(e) => e.currentTarget.select()} data-testid="share-text" />
          </label>
          <span role="status" className="muted" data-testid="share-note">
            {shown.note}
          </span>
          {shown.alternative && (
            <label className="share-alternative">
              <span className="muted small">{shown.alternative.label}</span>
              <textarea readOnly value={shown.alternative.text} rows={3} onFocus={(e) => e.currentTarget.select()} data-testid="share-element" />
            </label>
          )}
        </div>
      )}
    </div>
  );
}
