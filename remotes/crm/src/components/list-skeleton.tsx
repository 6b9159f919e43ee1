import { Card, Skeleton } from '@app/shared';
import { CardGrid } from '@app/shared/ui/card-layout';

/** Placeholder cards while a list loads; the label is what a screen reader hears. */
export function ListSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <CardGrid aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <Card>
              <Skeleton $width="60%" $height="1.25rem" />
              <br />
              <br />
              <Skeleton $width="90%" />
              <br />
              <Skeleton $width="75%" />
            </Card>
          </li>
        ))}
      </CardGrid>
    </div>
  );
}
