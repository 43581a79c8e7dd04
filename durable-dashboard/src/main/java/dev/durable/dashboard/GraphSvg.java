package dev.durable.dashboard;

import gg.jte.Content;
import gg.jte.TemplateOutput;
import gg.jte.html.escape.Escape;
import gg.jte.output.StringOutput;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Draws a laid-out workflow shape ({@link GraphLayout}) as an SVG element to put inline in a page:
 * no script, no style attribute (the Content-Security-Policy forbids inline styles), nothing
 * fetched. What a node looks like comes from the dashboard's style sheet, by its classes: its role
 * ({@code call}, {@code header}, {@code join}, {@code terminal}, {@code side}), its kind ({@code
 * step}, {@code signal}, {@code loop}...) and its mark, if any ({@code completed}, {@code running},
 * {@code failed}, {@code unreached} for a run's progress; {@code added}, {@code removed}, {@code
 * changed} for a comparison of versions). Every text is escaped as the templates escape an
 * attribute value (jte's {@link Escape}), and control characters XML does not allow are dropped;
 * each node has a {@code <title>} (its tooltip) with all its attributes.
 */
final class GraphSvg {
  /** The characters XML 1.0 does not allow in a document. */
  private static final Pattern NOT_XML =
      Pattern.compile("[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\uFFFE\\uFFFF]");

  private GraphSvg() {}

  /** A drawn graph: SVG markup made here, every text in it escaped, which a template outputs. */
  record Svg(String markup) implements Content {
    Svg {
      Objects.requireNonNull(markup, "markup");
    }

    @Override
    public void writeTo(TemplateOutput output) {
      output.writeContent(markup);
    }
  }

  /**
   * The SVG of {@code laid}, each box marked with the class {@code marks} gives its key.
   *
   * @param id the element's id, unique in the page: its arrowhead marker is {@code <id>-arrow}
   */
  static Svg svg(GraphLayout.Laid laid, Map<String, String> marks, String id) {
    StringBuilder svg = new StringBuilder(4096);
    svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"graph\" id=\"")
        .append(text(id)).append("\" width=\"").append(laid.width())
        .append("\" height=\"").append(laid.height()).append("\" viewBox=\"0 0 ")
        .append(laid.width()).append(' ').append(laid.height())
        .append("\" role=\"img\" aria-label=\"workflow graph\">");
    String arrow = text(id) + "-arrow";
    svg.append("<defs><marker id=\"").append(arrow).append("\" viewBox=\"0 0 10 10\" refX=\"9\"")
        .append(" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">")
        .append("<path class=\"arrowhead\" d=\"M0,0 L10,5 L0,10 z\"/></marker></defs>");
    for (GraphLayout.Edge edge : laid.edges()) {
      svg.append("<path class=\"edge ").append(edge.role()).append("\" d=\"");
      int[] p = edge.points();
      for (int i = 0; i < p.length; i += 2) {
        svg.append(i == 0 ? "M" : " L").append(p[i]).append(',').append(p[i + 1]);
      }
      svg.append("\" marker-end=\"url(#").append(arrow).append(")\"/>");
    }
    for (GraphLayout.Box box : laid.boxes()) {
      box(svg, box, marks.get(box.key()));
    }
    for (GraphLayout.Label label : laid.labels()) {
      svg.append("<text class=\"path-label\" x=\"").append(label.x()).append("\" y=\"")
          .append(label.y()).append("\">").append(text(label.text())).append("</text>");
    }
    return new Svg(svg.append("</svg>").toString());
  }

  /** {@code value} escaped, without the control characters XML does not allow. */
  static String text(String value) {
    StringOutput escaped = new StringOutput(value.length() + 16);
    Escape.htmlAttribute(NOT_XML.matcher(value).replaceAll(""), escaped);
    return escaped.toString();
  }

  private static void box(StringBuilder svg, GraphLayout.Box box, String mark) {
    svg.append("<g class=\"node ").append(box.role()).append(' ')
        .append(text(box.kind())).append(mark == null ? "" : " " + text(mark))
        .append("\" data-key=\"").append(text(box.key())).append("\"><title>")
        .append(text(box.title() + (mark == null ? "" : "\n(" + mark + ")")))
        .append("</title>");
    if (box.role().equals("join")) {
      svg.append("<circle cx=\"").append(box.x() + box.w() / 2).append("\" cy=\"")
          .append(box.y() + box.h() / 2).append("\" r=\"").append(box.w() / 2).append("\"/>");
    } else {
      int radius = box.role().equals("call") || box.role().equals("side") ? 6 : box.h() / 2;
      svg.append("<rect x=\"").append(box.x()).append("\" y=\"").append(box.y())
          .append("\" width=\"").append(box.w()).append("\" height=\"").append(box.h())
          .append("\" rx=\"").append(radius).append("\"/>");
    }
    int lines = box.lines().size();
    int lineHeight = 16;
    int top = box.y() + box.h() / 2 - (lines * lineHeight) / 2 + 12;
    for (int i = 0; i < lines; i++) {
      svg.append("<text x=\"").append(box.x() + box.w() / 2).append("\" y=\"")
          .append(top + i * lineHeight).append("\" class=\"").append(i == 0 ? "name" : "brief")
          .append("\">").append(text(box.lines().get(i))).append("</text>");
    }
    svg.append("</g>");
  }
}
