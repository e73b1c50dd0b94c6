import { Bone, PlaceholderStack } from "@/ui/shared/placeholder";

/** Skeleton of the load-control page while it loads. */
export default function PowerControlLoading() {
  return (
    <PlaceholderStack gap="lg" data-testid="power-control-loading">
      <Bone h={36} w={220} />
      <Bone h={220} />
      <Bone h={120} />
    </PlaceholderStack>
  );
}
