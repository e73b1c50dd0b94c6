import { CardSkeleton } from "@/ui/energy/card-skeleton";
import { Bone, PlaceholderGrid, PlaceholderStack } from "@/ui/shared/placeholder";

export default function DashboardLoading() {
  return (
    <PlaceholderStack gap="lg" aria-busy>
      <Bone h={36} w={240} />
      <PlaceholderGrid>
        <CardSkeleton />
        <CardSkeleton />
        <CardSkeleton short />
        <CardSkeleton />
      </PlaceholderGrid>
    </PlaceholderStack>
  );
}
