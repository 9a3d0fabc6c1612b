// Built-in multiple-choice task: questions about simple story situations whose distractors are
// much longer or much shorter than the gold, so raw log-likelihood and length-normalised rules
// disagree. The same questions come in a full-text version (choices are the answers) and a
// letter-key version (choices are " A".." D" after a lettered list, where normalisation is a no-op).
import type { TaskItem, TaskSet } from '../types';

interface Question {
  subject: string;
  question: string;
  choices: [string, string, string, string];
  gold: number;
}

const QUESTIONS: readonly Question[] = [
  { subject: 'food', question: 'Lily was thirsty after playing in the sun. What did she drink?', choices: ['water', 'a big shoe that was red and very old', 'the tall green tree in the park behind her house', 'a rock'], gold: 0 },
  { subject: 'animals', question: 'What does a dog say?', choices: ['moo', 'woof', 'the dog says that it wants to fly up to the moon with a bird', 'it sings a long song about the sea and the fish'], gold: 1 },
  { subject: 'feelings', question: 'Tom lost his favorite toy. How did he feel?', choices: ['happy', 'sad', 'he felt like a big yellow cake with pink frosting on top', 'hot'], gold: 1 },
  { subject: 'things', question: 'What do you use to see in the dark?', choices: ['a spoon', 'a shoe', 'a little light that you can hold in your hand and turn on', 'a cat'], gold: 2 },
  { subject: 'animals', question: 'Where does a fish live?', choices: ['in a tree', 'in the water of the sea, where it can swim all day with its friends', 'in a bed', 'in a car'], gold: 1 },
  { subject: 'food', question: 'Mom made something sweet in the oven for the party. What was it?', choices: ['a cake', 'a big rock from the garden that was cold and hard', 'a sock', 'a very old and dirty boot that the dog found under the bed'], gold: 0 },
  { subject: 'feelings', question: 'Sue got a new puppy for her birthday. How did she feel?', choices: ['she was so happy that she jumped up and down and hugged her mom', 'sad', 'angry', 'sleepy'], gold: 0 },
  { subject: 'things', question: 'What do you wear on your feet?', choices: ['shoes', 'a hat that is big and blue and has a red flower on it', 'a cup', 'a long yellow scarf that grandma made for the cold winter'], gold: 0 },
  { subject: 'animals', question: 'What can a bird do that a dog can not?', choices: ['fly', 'eat', 'run', 'sleep in a warm bed at night next to the little girl who loves it'], gold: 0 },
  { subject: 'food', question: 'What does a rabbit like to eat?', choices: ['a carrot', 'a car', 'a big bowl of hot soup with bread that mom made for dinner', 'a rock'], gold: 0 },
  { subject: 'feelings', question: 'Ben saw a big dark storm outside. How did he feel?', choices: ['scared', 'he felt that the sun was warm and the sky was blue and pretty', 'full', 'tall'], gold: 0 },
  { subject: 'things', question: 'What do you use to write your name?', choices: ['a ball', 'a pencil that you hold in your hand and move on the paper', 'a fork', 'a shoe'], gold: 1 },
  { subject: 'animals', question: 'What animal says meow?', choices: ['a cat', 'a cow', 'a big brown bear who lives in the dark forest and likes honey', 'a fish'], gold: 0 },
  { subject: 'food', question: 'What is red and grows on a tree?', choices: ['an apple', 'a car', 'a big blue boat that floats on the water in the sea', 'a dog'], gold: 0 },
  { subject: 'feelings', question: 'Mia helped an old man carry his bags. How did the man feel?', choices: ['he was very happy and thanked her for being so kind', 'mad', 'cold', 'wet'], gold: 0 },
  { subject: 'things', question: 'Where do you sleep at night?', choices: ['in a bed', 'in the oven', 'on top of the tall tree in the park where the birds live', 'in a cup'], gold: 0 },
  { subject: 'animals', question: 'Which animal is very big and has a long nose?', choices: ['an elephant', 'a mouse', 'a small bug that lives under a rock in the garden', 'an ant'], gold: 0 },
  { subject: 'food', question: 'What do you drink that comes from a cow?', choices: ['milk', 'juice from an orange that you squeeze in the kitchen with your mom', 'soup', 'tea'], gold: 0 },
  { subject: 'feelings', question: 'Jack won the race at school. How did he feel?', choices: ['proud', 'he felt sad and wanted to go home and cry in his room', 'sick', 'bored'], gold: 0 },
  { subject: 'things', question: 'What do you use to eat soup?', choices: ['a spoon', 'a hat', 'a big red ball that you can kick and throw in the park', 'a sock'], gold: 0 },
  { subject: 'animals', question: 'What does a frog like to do?', choices: ['jump', 'it likes to read big books in the library with its friends', 'drive', 'bake'], gold: 0 },
  { subject: 'food', question: 'Lucy was hungry in the morning. What did she eat?', choices: ['breakfast', 'a shoe', 'a big blue car that her dad drives to work every day', 'a rock'], gold: 0 },
  { subject: 'feelings', question: 'The little bird could not find her mom. How did she feel?', choices: ['scared and sad, so she sat on the branch and cried for her mom', 'glad', 'full', 'silly'], gold: 0 },
  { subject: 'things', question: 'What do you use to cut paper?', choices: ['scissors', 'a pillow', 'a soft warm blanket that you put on your bed at night', 'a toy'], gold: 0 },
  { subject: 'animals', question: 'Where does a bird make its home?', choices: ['in a nest', 'in a shoe', 'in the big kitchen of the house where mom makes dinner', 'in a cup'], gold: 0 },
  { subject: 'food', question: 'What do you put on bread to make it sweet?', choices: ['honey', 'sand from the beach that is wet and full of little shells', 'a sock', 'mud'], gold: 0 },
  { subject: 'feelings', question: 'Tim shared his toys with his friend. How did his friend feel?', choices: ['happy', 'he felt that the toys were too big and he wanted to go home', 'sad', 'cold'], gold: 0 },
  { subject: 'things', question: 'What do you use when it rains?', choices: ['an umbrella', 'a spoon', 'a big bowl of ice cream with a red cherry on top', 'a ball'], gold: 0 },
  { subject: 'animals', question: 'What animal lives in the sea and has eight arms?', choices: ['an octopus', 'a dog', 'a little brown horse that runs fast on the farm all day', 'a cat'], gold: 0 },
  { subject: 'food', question: 'What is cold and sweet and melts in the sun?', choices: ['ice cream', 'a hot cup of soup that mom made on a cold winter day', 'bread', 'a rock'], gold: 0 },
];

/** Rotates the choices of question q so that the gold sits at a different index per question. */
function rotated(q: Question, index: number): { choices: string[]; gold: number } {
  const shift = index % 4;
  const choices = q.choices.map((_, i) => q.choices[(i + 4 - shift) % 4]);
  return { choices, gold: (q.gold + shift) % 4 };
}

const LETTERS = ['A', 'B', 'C', 'D'];

function fullTextItems(): TaskItem[] {
  return QUESTIONS.map((q, i) => {
    const { choices, gold } = rotated(q, i);
    return { id: `q${i + 1}`, subject: q.subject, context: `Question: ${q.question}\nAnswer:`, choices, gold };
  });
}

function letterItems(): TaskItem[] {
  return QUESTIONS.map((q, i) => {
    const { choices, gold } = rotated(q, i);
    const list = choices.map((c, j) => `${LETTERS[j]}. ${c}`).join('\n');
    return { id: `q${i + 1}`, subject: q.subject, context: `Question: ${q.question}\n${list}\nAnswer:`, choices: [...LETTERS], gold };
  });
}

/** Full-text version: choices are the answer texts, scored as " " + answer. */
export function storiesChoiceTask(): TaskSet {
  return {
    name: 'stories-choice',
    description: 'Story questions with distractors much longer or shorter than the gold; choices are the answer texts.',
    targetDelimiter: ' ',
    items: fullTextItems(),
  };
}

/** Letter-key version of the same questions: choices are the letters A-D. */
export function storiesChoiceLettersTask(): TaskSet {
  return {
    name: 'stories-choice-letters',
    description: 'The same questions as stories-choice with lettered options; choices are " A" to " D".',
    targetDelimiter: ' ',
    items: letterItems(),
  };
}
