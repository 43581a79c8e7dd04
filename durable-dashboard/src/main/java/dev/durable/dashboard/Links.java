package dev.durable.dashboard;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The URLs the pages link to, each value percent-encoded; the templates escape them once more as
 * attribute values.
 */
final class Links {
  private Links() {}

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
}
