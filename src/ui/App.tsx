import { lazy, Suspense } from 'react';
import { roomFromHash, isEmbed, type Room } from './route';
import { SNAPSHOT_HASH_PREFIX } from '../state/snapshot';
import { useLocationHash } from './useLocationHash';
import { applyTheme, figureTheme } from './embed/figureTheme';

// Rooms load on demand so the first paint stays small.
const ScorerRoom = lazy(() => import('./scorer/ScorerRoom'));
const TaskLab = lazy(() => import('./task/TaskLab'));
const JudgeLab = lazy(() => import('./judge/JudgeLab'));
const LessonsRoom = lazy(() => import('./lessons/LessonsRoom'));
const SnapshotEmbed = lazy(() => import('./embed/SnapshotEmbed'));

const ROOMS: { room: Room; label: string; href: string }[] = [
  { room: 'scorer', label: 'Scorer', href: '#/' },
  { room: 'task', label: 'Task lab', href: '#/task' },
  { room: 'judge', label: 'Judge lab', href: '#/judge' },
  { room: 'lessons', label: 'Lessons', href: '#/lessons' },
];

function useRoom(): Room {
  return roomFromHash(useLocationHash());
}

export function App() {
  const room = useRoom();
  const embed = isEmbed(window.location.search);
  if (embed) {
    const hash = window.location.hash;
    // theme=light|dark forces the figure's colours whatever the reader's OS asks (auto follows it).
    applyTheme(document.documentElement, figureTheme(new URLSearchParams(window.location.search).get('theme')).theme);
    return (
      <main className="embed-main">
        <Suspense fallback={<p className="loading">Loading…</p>}>
          {room === 'lessons' ? <LessonsRoom embed /> : hash.startsWith(SNAPSHOT_HASH_PREFIX) ? <SnapshotEmbed /> : <ScorerRoom embed />}
        </Suspense>
      </main>
    );
  }
  return (
    <div className="app">
      <header className="app-header">
        {room === 'scorer' && (
          // Not an in-page hash link: the hash holds the route and the workspace.
          <a
            className="skip-link"
            href="#results"
            onClick={(e) => {
              e.preventDefault();
              document.getElementById('results')?.focus();
            }}
          >
            Skip to results
          </a>
        )}
        <a className="brand" href="#/">
          length<span>lens</span>
        </a>
        <nav aria-label="Rooms">
          {ROOMS.map((r) => (
            <a key={r.room} href={r.href} aria-current={room === r.room ? 'page' : undefined}>
              {r.label}
            </a>
          ))}
        </nav>
      </header>
      <main className="app-main">
        <Suspense fallback={<p className="loading">Loading…</p>}>
          {room === 'scorer' && <ScorerRoom />}
          {room === 'task' && <TaskLab />}
          {room === 'judge' && <JudgeLab />}
          {room === 'lessons' && <LessonsRoom />}
        </Suspense>
      </main>
    </div>
  );
}
