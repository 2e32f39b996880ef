import { describe, expect, it } from "vitest";
import { checkPassword } from "./password";

describe("password policy", () => {
  it("asks for 12 characters", () => {
    expect(checkPassword("").error).toBe("Enter a password");
    expect(checkPassword("short words").error).toBe("Enter a password of at least 12 characters");
    expect(checkPassword("short words").strength).toBe("too-short");
  });

  it("refuses passwords that are easy to guess", () => {
    for (const guessable of ["password1234", "aaaaaaaaaaaaaa", "123456789012", "qwertyuiopas"]) {
      expect(checkPassword(guessable).error, guessable).toMatch(/harder to guess/);
    }
    expect(checkPassword("sam.okoye-2026!", "sam.okoye@example.org").error).toMatch(/harder to guess/);
  });

  it("rates length and variety", () => {
    expect(checkPassword("lanternmeadow").strength).toBe("fair");
    expect(checkPassword("lantern meadow quiet").strength).toBe("strong");
    expect(checkPassword("Lantern-Meadow1").strength).toBe("strong");
    expect(checkPassword("lantern meadow quiet").error).toBeNull();
  });

  it("lists the rules with whether each is met", () => {
    expect(checkPassword("lantern meadow quiet").rules.map((r) => r.met)).toEqual([true, true]);
    expect(checkPassword("").rules.map((r) => r.met)).toEqual([false, false]);
  });
});
