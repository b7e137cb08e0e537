import { ConceptCard, gradeNames, ReviewGrade, reviewGrades } from '@app/contracts';
import * as React from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useReviewConceptCard } from '../api';

/**
 * A system design concept a submitted attempt missed, reviewed like a problem: recall the answer to
 * its question, show it, and grade the recall with the same four grades (FSRS schedules the next).
 */
export function ConceptCardReview({
  card,
  progress,
  onGraded,
}: {
  card: ConceptCard;
  progress: React.ReactNode;
  onGraded: (grade: ReviewGrade, next: ConceptCard) => void;
}) {
  const [shown, setShown] = React.useState(false);
  const review = useReviewConceptCard();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-3">
        <p className="text-sm font-medium text-muted-foreground">Review due</p>
        {progress}
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{card.name}</h1>
          <Badge variant="secondary">System design concept</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          Missed in{' '}
          <Link to={`/system-design/${card.prompt_slug}`} className="underline">
            {card.prompt_title}
          </Link>
          {card.reviews === 0 ? '; not reviewed yet.' : `; reviewed ${card.reviews} time${card.reviews === 1 ? '' : 's'}.`}
        </p>
      </header>
      <Card>
        <CardContent className="space-y-4 pt-6">
          <p className="text-lg" data-testid="concept-probe">
            {card.probe}
          </p>
          {shown ? (
            <>
              <p className="rounded-md bg-muted p-3" data-testid="concept-answer">
                {card.teaches}
              </p>
              <div className="flex flex-wrap gap-2" role="group" aria-label="How well did you recall it?">
                {reviewGrades.map((grade) => (
                  <Button
                    key={grade}
                    variant={grade === 'again' ? 'outline' : 'default'}
                    disabled={review.isPending}
                    onClick={() => review.mutate({ concept: card.concept, grade }, { onSuccess: (next) => onGraded(grade, next) })}
                  >
                    {gradeNames[grade]}
                  </Button>
                ))}
              </div>
              {review.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  {review.error.message}
                </p>
              ) : null}
            </>
          ) : (
            <Button onClick={() => setShown(true)}>Show answer</Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
