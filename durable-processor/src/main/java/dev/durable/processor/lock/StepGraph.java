package dev.durable.processor.lock;

import dev.durable.processor.model.ParamModel;
import dev.durable.processor.model.RouteModel;
import dev.durable.processor.model.SignalModel;
import dev.durable.processor.model.StepModel;
import dev.durable.processor.model.TypeRef;
import dev.durable.processor.model.WorkflowModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The step graph of one workflow version: what a run in flight depends on when it is replayed.
 * Each entry is a stored name and its stored types, as one line of text:
 *
 * <pre>
 * on-failure
 * route declined
 * run (com.acme.Order) -&gt; java.lang.String
 * signal approved -&gt; java.lang.Boolean
 * step charge (com.acme.Order, java.lang.Integer) -&gt; com.acme.Receipt
 * </pre>
 *
 * <p>Types are the stored types (primitives boxed, type variables erased), so that only a change
 * in what is stored counts. The lines are sorted, so the graph does not depend on declaration
 * order. The same lines go into the lock file and, as {@code .graph(...)}, into the generated
 * {@code WORKFLOW} constant, from which the engine fingerprints runs.
 *
 * @param workflowName the workflow's stored name
 * @param version its stored version
 * @param entries the signature of each entry by its key ({@code "step charge"}, {@code "run"},
 *     {@code "route declined"}): the rest of its line, empty for a route or {@code on-failure}
 */
public record StepGraph(String workflowName, String version, SortedMap<String, String> entries) {
  /** The key of the {@code @Run} method's entry. */
  static final String RUN = "run";
  /** The key of the {@code @OnFailure} method's entry. */
  static final String ON_FAILURE = "on-failure";

  public StepGraph {
    Objects.requireNonNull(workflowName, "workflowName");
    Objects.requireNonNull(version, "version");
    entries = Collections.unmodifiableSortedMap(new TreeMap<>(entries));
  }

  /** The graph of {@code model}. */
  public static StepGraph of(WorkflowModel model) {
    SortedMap<String, String> entries = new TreeMap<>();
    entries.put(RUN, signature(model.run().storedParams(), model.run().result()));
    for (StepModel step : model.steps()) {
      entries.put("step " + step.stepName(), signature(step.storedParams(), step.result()));
    }
    for (SignalModel signal : model.signals()) {
      entries.put("signal " + signal.signalName(), "-> " + stored(signal.value()));
    }
    for (RouteModel route : model.routes()) {
      entries.put("route " + route.code(), "");
    }
    if (model.cleanup().isPresent()) {
      entries.put(ON_FAILURE, "");
    }
    return new StepGraph(model.workflowName(), model.version(), entries);
  }

  /** The entries as lines, sorted. */
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    entries.forEach((key, signature) -> lines.add(line(key, signature)));
    return lines;
  }

  /** What makes this graph incompatible with {@code locked}, in key order; empty if nothing. */
  public List<String> changesSince(StepGraph locked) {
    List<String> changes = new ArrayList<>();
    for (Map.Entry<String, String> entry : locked.entries.entrySet()) {
      String key = entry.getKey();
      String before = entry.getValue();
      String now = entries.get(key);
      if (now == null) {
        changes.add(describe(key) + " was removed");
      } else if (!now.equals(before)) {
        changes.add(changed(key, before, now));
      }
    }
    return changes;
  }

  /** Whether this graph has entries that {@code locked} lacks. */
  boolean addsTo(StepGraph locked) {
    return !locked.entries.keySet().containsAll(entries.keySet());
  }

  /** The line of one entry. */
  static String line(String key, String signature) {
    return signature.isEmpty() ? key : key + " " + signature;
  }

  /** {@code (A, B) -> R} for stored parameters and a result. */
  private static String signature(List<ParamModel> params, TypeRef result) {
    List<String> types = params.stream().map(p -> stored(p.type())).toList();
    return "(" + String.join(", ", types) + ") -> " + stored(result);
  }

  private static String stored(TypeRef type) {
    return type.stored().typeName().toString();
  }

  /** How a message names an entry: {@code step 'charge'}, {@code the @Run method}. */
  private static String describe(String key) {
    if (key.equals(RUN)) {
      return "the @Run method";
    }
    if (key.equals(ON_FAILURE)) {
      return "the @OnFailure method";
    }
    int space = key.indexOf(' ');
    return key.substring(0, space) + " '" + key.substring(space + 1) + "'";
  }

  /** What changed in an entry's types: its parameters, its result, or both. */
  private static String changed(String key, String before, String now) {
    int beforeArrow = before.lastIndexOf("-> ");
    int nowArrow = now.lastIndexOf("-> ");
    if (beforeArrow < 0 || nowArrow < 0) {
      return describe(key) + " changed from " + before + " to " + now;
    }
    String beforeParams = before.substring(0, beforeArrow).trim();
    String nowParams = now.substring(0, nowArrow).trim();
    String beforeResult = before.substring(beforeArrow + 3);
    String nowResult = now.substring(nowArrow + 3);
    List<String> parts = new ArrayList<>();
    if (!beforeParams.equals(nowParams)) {
      parts.add("parameters changed from " + beforeParams + " to " + nowParams);
    }
    if (!beforeResult.equals(nowResult)) {
      String what = key.startsWith("signal ") ? "value" : "result";
      parts.add(what + " changed from " + beforeResult + " to " + nowResult);
    }
    return describe(key) + ": " + String.join(", ", parts);
  }
}
