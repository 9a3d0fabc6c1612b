// What the hub lists for each hub model the user picks (dtypes and download sizes), asked at run
// time and kept for the session. The hub is asked only once the user has picked that model
// themselves (SPEC §10: no network access the user did not ask for; a link or a restored
// workspace naming a hub model asks nothing). A failed listing (no network) is kept as an error,
// not as "ships nothing", and asked again next time.
import { create } from 'zustand';
import { listHubModel, type HubListing } from '../engine';

export type HubListingState = { status: 'loading' } | { status: 'ok'; listing: HubListing } | { status: 'error'; message: string };

interface HubModels {
  listings: Record<string, HubListingState>;
  /** Hub ids the user picked in this session: only these are asked about. */
  picked: Record<string, true>;
  /** The user picked `id` (chose it, typed it, or asked to load it): its files may be listed. */
  pick(id: string): void;
  /** Ask the hub for `id`'s files unless that is done, under way, or `id` was not picked. */
  request(id: string): void;
}

/** Where hub listings are asked (the hub itself, or a mirror in its URL layout in tests). */
let remoteHost: string | undefined;
export function setHubListingHost(host: string | undefined): void {
  remoteHost = host;
}

export const useHubModels = create<HubModels>()((set, get) => ({
  listings: {},
  picked: {},
  pick(id) {
    if (!get().picked[id]) set((s) => ({ picked: { ...s.picked, [id]: true } }));
    get().request(id);
  },
  request(id) {
    if (!get().picked[id]) return;
    const now = get().listings[id];
    if (now && now.status !== 'error') return;
    set((s) => ({ listings: { ...s.listings, [id]: { status: 'loading' } } }));
    listHubModel(id, { remoteHost }).then(
      (listing) => set((s) => ({ listings: { ...s.listings, [id]: { status: 'ok', listing } } })),
      (err: unknown) => set((s) => ({ listings: { ...s.listings, [id]: { status: 'error', message: err instanceof Error ? err.message : String(err) } } })),
    );
  },
}));

/** The dtypes `id` ships per the hub (null while unknown: loading, failed, or not asked). */
export function hubDtypes(state: HubListingState | undefined): HubListing['dtypes'] | null {
  return state?.status === 'ok' ? state.listing.dtypes : null;
}
