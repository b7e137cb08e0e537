/** Anki's four answers to "how well did you recall it?"; FSRS takes them natively (scoring.ts). */
export const reviewGrades = ['again', 'hard', 'good', 'easy'] as const;
export type ReviewGrade = (typeof reviewGrades)[number];
export const gradeNames: Record<ReviewGrade, string> = { again: 'Again', hard: 'Hard', good: 'Good', easy: 'Easy' };
