import { levelParts } from '../format';

/** A level's name; a narrow line may break before its parenthetical, never inside it. */
export function LevelName({ level }: { level: string }) {
  const { name, aka } = levelParts(level);
  return aka ? (
    <>
      {name} <span className="whitespace-nowrap">{aka}</span>
    </>
  ) : (
    <>{name}</>
  );
}
