import { describe, expect, it } from "vitest";
import { chartSvg } from "../../eval/svg.ts";

describe("the ratchet chart", () => {
  it("draws one point per run and series, and a bar only for runs with misses", () => {
    const svg = chartSvg({
      title: "t <&> \"q\"",
      labels: ["#1", "#2", "#3"],
      series: [
        { name: "developer", color: "#111", values: [90, 92.5, null] },
        { name: "reader", color: "#222", values: [80, 81, 82] },
      ],
      misses: [0, 3, 0],
    });
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.trim().endsWith("</svg>")).toBe(true);
    expect(svg.match(/<circle /g)).toHaveLength(5);
    expect(svg.match(/<title>3 misses<\/title>/g)).toHaveLength(1);
    expect(svg).toContain("t &lt;&amp;&gt; &quot;q&quot;");
    expect(svg).not.toMatch(/NaN|undefined/);
  });
});
