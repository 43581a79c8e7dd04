package dev.durable.dashboard;

import gg.jte.html.escape.Escape;
import gg.jte.output.StringOutput;
import java.util.List;
import java.util.Objects;

/**
 * SVG markup escaped by default, as the templates are: {@link #svg(String, Object...)} fills each
 * {@code {}} of a constant template with an argument, escaped by jte's {@link
 * Escape#htmlAttribute} (the dashboard's escaping of an attribute value, which also serves as
 * text: {@code & < " '} become references, so the markup stays well-formed XML) unless it is
 * already a {@link Fragment} made here. Used by {@link TimelineSvg}, whose drawing is
 * computed rather than templated.
 */
final class Svg {
  private Svg() {}

  /** Markup that is safe to insert as is: built from escaped text and constants. */
  record Fragment(String markup) {
    Fragment {
      Objects.requireNonNull(markup, "markup");
    }

    @Override
    public String toString() {
      return markup;
    }
  }

  /**
   * The template with each {@code {}} replaced by the next argument: a {@link Fragment} as is,
   * anything else as escaped text ({@code null} as nothing). Pass only constant templates.
   */
  static Fragment svg(String template, Object... args) {
    StringOutput out = new StringOutput(template.length() + 16 * args.length);
    int next = 0;
    int from = 0;
    for (int at = template.indexOf("{}"); at >= 0; at = template.indexOf("{}", from)) {
      if (next == args.length) {
        throw new IllegalArgumentException("more {} than arguments in: " + template);
      }
      out.writeContent(template, from, at);
      Object arg = args[next++];
      if (arg instanceof Fragment fragment) {
        out.writeContent(fragment.markup());
      } else if (arg != null) {
        Escape.htmlAttribute(arg.toString(), out);
      }
      from = at + 2;
    }
    if (next != args.length) {
      throw new IllegalArgumentException("fewer {} than arguments in: " + template);
    }
    out.writeContent(template, from, template.length());
    return new Fragment(out.toString());
  }

  /** The fragments one after another. */
  static Fragment join(List<Fragment> fragments) {
    StringBuilder out = new StringBuilder();
    for (Fragment fragment : fragments) {
      out.append(fragment.markup());
    }
    return new Fragment(out.toString());
  }
}
