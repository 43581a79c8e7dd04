package dev.durable.processor.shape;

import java.util.List;

/**
 * The one scan of a workflow's {@code @Run} body: the nodes of its shape, and its calls for the
 * determinism lint.
 *
 * @param nodes the shape's nodes; empty where the body could not be read
 * @param calls the calls of each {@code @Run} method that has a source tree
 */
public record BodyScan(List<ShapeNode> nodes, List<RunCalls> calls) {

  public BodyScan {
    nodes = List.copyOf(nodes);
    calls = List.copyOf(calls);
  }
}
