import { CardSkeleton } from "@/ui/energy/card-skeleton";
import { Bone } from "@/ui/shared/placeholder";
import { rem, Stack, Text } from "@/ui/shared/plain";
import panels from "@/ui/shared/panels.module.css";

/*
 * The dashboard's parts that stand in the same place while the overview loads and once it is
 * there, so the page does not move when the cards arrive. No client code: a loading page can draw
 * them on the server.
 */

/** The height of one line of body text, and of the page's heading: the font size times the line height. */
const TEXT_LINE = "calc(var(--mantine-font-size-md) * var(--mantine-line-height-md))";
const HEADING_LINE = "calc(var(--mantine-h1-font-size) * var(--mantine-h1-line-height))";

/** The customer's name under the page's heading; without a name, a bar of the line's height. */
export function CustomerName({ name }: { name: string | null }) {
  return (
    <Text c="dimmed" translate="no" style={{ marginTop: rem(4) }} aria-hidden={name === null || undefined}>
      {name ?? <Bone h={TEXT_LINE} w={200} />}
    </Text>
  );
}

/** The card grid while the overview loads, as many cards as the first screen shows. */
export function CardsPlaceholder() {
  return (
    <div className={panels.grid} aria-busy data-testid="dashboard-loading">
      <CardSkeleton />
      <CardSkeleton />
      <CardSkeleton short />
      <CardSkeleton />
    </div>
  );
}

/** The whole dashboard while its code or the overview loads: heading, customer name and cards. */
export function DashboardPlaceholder() {
  return (
    <Stack gap="lg" aria-busy>
      <div aria-hidden>
        <Bone h={HEADING_LINE} w={240} />
        <CustomerName name={null} />
      </div>
      <CardsPlaceholder />
    </Stack>
  );
}
