import { Bone, PlaceholderStack } from "@/ui/shared/placeholder";

/** Skeleton of the outages page while it loads. */
export default function OutagesLoading() {
  return (
    <PlaceholderStack gap="lg" data-testid="outages-loading">
      <Bone h={36} w={220} />
      <Bone h={160} />
      <Bone h={28} w={180} />
      {Array.from({ length: 4 }, (_, i) => (
        <Bone key={i} h={44} />
      ))}
    </PlaceholderStack>
  );
}
