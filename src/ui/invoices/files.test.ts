import { describe, expect, it } from "vitest";
import { filenameFrom } from "./files";

describe("downloads", () => {
  it("reads the file name from Content-Disposition", () => {
    expect(filenameFrom('attachment; filename="invoice-2025000123.pdf"', "x.pdf")).toBe("invoice-2025000123.pdf");
    expect(filenameFrom("attachment; filename=invoice.csv", "x.csv")).toBe("invoice.csv");
    expect(filenameFrom("attachment; filename*=UTF-8''lasku%20%C3%A4.pdf; filename=\"lasku.pdf\"", "x.pdf")).toBe("lasku ä.pdf");
    expect(filenameFrom(null, "fallback.pdf")).toBe("fallback.pdf");
  });
});
