package dev.durable.dashboard;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * HTML and URL text, escaped by default: {@link #html(String, Object...)} fills each {@code {}} of
 * a constant template with an argument, HTML-escaped unless it is already {@link Safe} (a fragment
 * made here). Every value a page shows (run ids, workflow names, errors, payloads, worker ids) goes
 * through it, so forgetting to escape one takes an explicit {@link Safe}.
 */
final class Html {
  private Html() {}

  /** A fragment of HTML that is safe to insert as is: built from escaped text and constants. */
  record Safe(String html) {
    Safe {
      Objects.requireNonNull(html, "html");
    }

    static final Safe EMPTY = new Safe("");

    @Override
    public String toString() {
      return html;
    }
  }

  /**
   * The template with each {@code {}} replaced by the next argument: a {@link Safe} as is,
   * anything else as escaped text ({@code null} as nothing). The template itself is trusted: pass
   * only constants.
   */
  static Safe html(String template, Object... args) {
    StringBuilder out = new StringBuilder(template.length() + 16 * args.length);
    int next = 0;
    int from = 0;
    for (int at = template.indexOf("{}"); at >= 0; at = template.indexOf("{}", from)) {
      if (next == args.length) {
        throw new IllegalArgumentException("more {} than arguments in: " + template);
      }
      out.append(template, from, at);
      Object arg = args[next++];
      out.append(arg instanceof Safe safe ? safe.html() : escape(arg == null ? "" : arg.toString()));
      from = at + 2;
    }
    if (next != args.length) {
      throw new IllegalArgumentException("fewer {} than arguments in: " + template);
    }
    return new Safe(out.append(template, from, template.length()).toString());
  }

  /** The fragments one after another. */
  static Safe join(List<Safe> fragments) {
    StringBuilder out = new StringBuilder();
    for (Safe fragment : fragments) {
      out.append(fragment.html());
    }
    return new Safe(out.toString());
  }

  /**
   * Text escaped for HTML content and for attribute values in double or single quotes: {@code &
   * < > " '}.
   */
  static String escape(String text) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      String replacement = switch (c) {
        case '&' -> "&amp;";
        case '<' -> "&lt;";
        case '>' -> "&gt;";
        case '"' -> "&quot;";
        case '\'' -> "&#39;";
        default -> null;
      };
      if (replacement != null) {
        if (out == null) {
          out = new StringBuilder(text.length() + 16).append(text, 0, i);
        }
        out.append(replacement);
      } else if (out != null) {
        out.append(c);
      }
    }
    return out == null ? text : out.toString();
  }

  /** {@code value} encoded as one query parameter value or one path segment (space as %20). */
  static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** The path of a run's page. */
  static String runPath(String runId) {
    return "/runs/" + encode(runId);
  }

  /** {@code path} with the non-empty parameters as its query, in their order. */
  static String withQuery(String path, Map<String, String> parameters) {
    StringBuilder out = new StringBuilder(path);
    char separator = '?';
    for (Map.Entry<String, String> parameter : parameters.entrySet()) {
      if (parameter.getValue() != null && !parameter.getValue().isEmpty()) {
        out.append(separator).append(encode(parameter.getKey())).append('=')
            .append(encode(parameter.getValue()));
        separator = '&';
      }
    }
    return out.toString();
  }

  /** A link to a run's page, showing its id. */
  static Safe runLink(String runId) {
    return html("<a class=\"run-id\" href=\"{}\">{}</a>", runPath(runId), runId);
  }
}
