import { describe, expect, it } from "vitest";
import { pseudoLocalize } from "./pseudo";

describe("pseudo-locale", () => {
  it("marks text but keeps ICU arguments and rich-text tag names intact", () => {
    expect(pseudoLocalize("Hello {name}")).toBe("⟦Ĥéļļó {name}⟧");
    expect(pseudoLocalize("Read <link>terms</link>")).toBe("⟦Ŕéáð <link>ţéŕɱš</link>⟧");
    expect(pseudoLocalize("{count, plural, one {# item} other {# items}}")).toBe("⟦{count, plural, one {# íţéɱ} other {# íţéɱš}}⟧");
  });
});
