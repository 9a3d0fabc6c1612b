// Built-in cloze task: 200 story contexts from the world stories260K knows, each followed by a gold
// continuation. Gold lengths are spread evenly from 2 to 150 UTF-8 bytes; every gold starts with
// the space that lm-eval's target_delimiter would put there, so the delimiter here is "".
import { utf8Length } from '../../text/unicode';
import type { TaskItem, TaskSet } from '../types';
import { STORY_TEXTS } from './storyTexts';

export const STORIES_CLOZE_SIZE = 200;
export const STORIES_CLOZE_MIN_BYTES = 2;
export const STORIES_CLOZE_MAX_BYTES = 150;

/** Words with their leading space kept: "Once", " upon", " a", ... */
function wordsOf(text: string): string[] {
  return text.split(/(?= )/);
}

interface Cut {
  context: string;
  gold: string;
}

/** The cut of one story whose gold is closest to `target` bytes, scanning word positions from `start`. */
function bestCut(words: readonly string[], target: number, start: number, used: Set<string>): { cut: Cut; miss: number } | undefined {
  let best: { cut: Cut; miss: number } | undefined;
  const minContext = 6;
  const span = words.length - minContext - 1;
  for (let t = 0; t < span; t++) {
    const j = minContext + ((start + t) % span);
    let gold = '';
    for (let k = j; k < words.length; k++) {
      const next = gold + words[k];
      const bytes = utf8Length(next);
      if (bytes > target && gold !== '') break;
      gold = next;
      if (bytes >= target) break;
    }
    const context = words.slice(0, j).join('');
    const key = context + '\u0000' + gold;
    if (used.has(key)) continue;
    const miss = Math.abs(utf8Length(gold) - target);
    if (!best || miss < best.miss) best = { cut: { context, gold }, miss };
    if (miss === 0) break;
  }
  return best;
}

function buildItems(): TaskItem[] {
  const stories = STORY_TEXTS.map(wordsOf);
  const used = new Set<string>();
  const items: TaskItem[] = [];
  for (let i = 0; i < STORIES_CLOZE_SIZE; i++) {
    // Interleave lengths so that neighbouring items differ: slot i gets the (73·i mod 200)-th length.
    const rank = (73 * i) % STORIES_CLOZE_SIZE;
    const target = Math.round(
      STORIES_CLOZE_MIN_BYTES + ((STORIES_CLOZE_MAX_BYTES - STORIES_CLOZE_MIN_BYTES) * rank) / (STORIES_CLOZE_SIZE - 1),
    );
    let best: { cut: Cut; miss: number } | undefined;
    for (let d = 0; d < stories.length && best?.miss !== 0; d++) {
      const s = (i + d) % stories.length;
      const found = bestCut(stories[s], target, (i * 37) % 97, used);
      if (found && (!best || found.miss < best.miss)) best = found;
    }
    if (!best) throw new Error(`cloze sample: no cut for item ${i}`);
    used.add(best.cut.context + '\u0000' + best.cut.gold);
    items.push({ id: `story-${String(i + 1).padStart(3, '0')}`, context: best.cut.context, choices: [best.cut.gold], gold: 0 });
  }
  return items;
}

let cached: TaskSet | undefined;

/** The 200-item story cloze task (built once, deterministically). */
export function storiesClozeTask(): TaskSet {
  cached ??= {
    name: 'stories-cloze',
    description:
      'Continue a children\'s story: 200 contexts from TinyStories-style stories, gold continuations of 2 to 150 bytes.',
    targetDelimiter: '',
    items: buildItems(),
  };
  return cached;
}
