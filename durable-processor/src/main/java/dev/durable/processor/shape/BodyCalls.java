package dev.durable.processor.shape;

import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;

/** What {@link BodyScanner} recognises single calls by: their syntax. */
final class BodyCalls {
  private BodyCalls() {}

  /** Whether {@code call} is {@code Type.method(...)}. */
  static boolean isCall(MethodInvocationTree call, String type, String method) {
    return call.getMethodSelect() instanceof MemberSelectTree m
        && m.getIdentifier().contentEquals(method)
        && (m.getExpression().toString().equals(type)
            || m.getExpression().toString().endsWith("." + type));
  }

  /** The workflow {@code call} makes a client of ({@code PayoutClient.of(ctx)}), or null. */
  static String clientOf(MethodInvocationTree call) {
    if (call.getMethodSelect() instanceof MemberSelectTree m
        && m.getIdentifier().contentEquals("of")) {
      String type = m.getExpression().toString();
      type = type.substring(type.lastIndexOf('.') + 1);
      if (type.endsWith("Client") && type.length() > "Client".length()) {
        return type.substring(0, type.length() - "Client".length());
      }
    }
    return null;
  }
}
