package dev.durable.processor.shape;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.durable.processor.DurableProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** The shape the processor emits beside the generated code, as text. */
class ShapeEmissionTest {
  private static final String DIR = "fixtures/shape/com/acme/shape/";

  private static Compilation compile() {
    return javac().withProcessors(new DurableProcessor()).compile(
        JavaFileObjects.forResource(DIR + "OrderFlow.java"),
        JavaFileObjects.forResource(DIR + "ReceiptFlow.java"),
        JavaFileObjects.forResource(DIR + "LabelSteps.java"),
        JavaFileObjects.forResource(DIR + "BranchyFlow.java"),
        JavaFileObjects.forResource(DIR + "Keys.java"),
        JavaFileObjects.forResource(DIR + "TalkingFlow.java"));
  }

  private static String resource(Compilation compilation, String durableClass) {
    JavaFileObject file = compilation.generatedFile(StandardLocation.CLASS_OUTPUT,
        "META-INF/durable/shapes/" + durableClass + ".json").orElseThrow();
    try {
      return file.getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void emitsStepsFanBranchLoopSignalChildRemoteRouteCompensationAndOnFailureInOrder() {
    Compilation compilation = compile();
    assertThat(compilation).succeededWithoutWarnings();
    assertEquals("""
        {
          "format": 1,
          "workflow": "order-flow",
          "version": "2",
          "timeoutMs": 86400000,
          "nodes": [
            {"kind": "parallel", "name": "fan over items", "paths": [
              {"label": "each", "nodes": [
                {"kind": "step", "name": "reserve", "retries": 5, "backoff": "EXP", \
        "backoffMs": 200, "backoffMaxMs": 10000, "jitter": true}
              ]}
            ]},
            {"kind": "step", "name": "charge", "retries": 3, "backoff": "EXP", "backoffMs": 1000, \
        "timeoutMs": 5000, "queue": "payments", "compensate": "refund"},
            {"kind": "branch", "name": "if (reserved.size() \\u003e 10)", "paths": [
              {"label": "then", "nodes": [
                {"kind": "signal", "name": "approved", "wait": "Duration.ofHours(1)"},
                {"kind": "sleep", "name": "sleep", "duration": "Duration.ofMinutes(5)"}
              ]},
              {"label": "else", "nodes": [
                {"kind": "step", "name": "notify", "retries": 1}
              ]}
            ]},
            {"kind": "loop", "name": "for each item in items", "paths": [
              {"label": "repeat", "nodes": [
                {"kind": "step", "name": "ship", "retries": 1}
              ]}
            ]},
            {"kind": "child", "name": "receipt-flow"},
            {"kind": "remote", "name": "label.print"}
          ],
          "routes": [
            {"code": "declined", "method": "declined"}
          ],
          "compensations": [
            {"step": "charge", "by": "refund"}
          ],
          "onFailure": "cleanup"
        }
        """, resource(compilation, "com.acme.shape.OrderFlowDurable"));
  }

  @Test
  void theWorkflowConstantCarriesTheSameText() throws IOException {
    Compilation compilation = compile();
    String durable = compilation.generatedSourceFile("com.acme.shape.ReceiptFlowDurable")
        .orElseThrow().getCharContent(true).toString();
    assertTrue(durable.contains(".shape(\"{\\n\"\n"), durable);
    assertTrue(durable.contains("\"    {\\\"kind\\\": \\\"step\\\", \\\"name\\\": \\\"print\\\","
        + " \\\"retries\\\": 1}\\n\""), durable);
    assertEquals("""
        {
          "format": 1,
          "workflow": "receipt-flow",
          "version": "1",
          "timeoutMs": 0,
          "nodes": [
            {"kind": "step", "name": "print", "retries": 1}
          ],
          "routes": [],
          "compensations": [],
          "onFailure": null
        }
        """, resource(compilation, "com.acme.shape.ReceiptFlowDurable"));
  }

  @Test
  void emitsAGroupASwitchALoopThroughAHelperATryAndAnEvent() {
    Compilation compilation = compile();
    assertThat(compilation).succeededWithoutWarnings();
    assertEquals("""
        {
          "format": 1,
          "workflow": "branchy",
          "version": "1",
          "timeoutMs": 0,
          "nodes": [
            {"kind": "parallel", "name": "group", "paths": [
              {"label": "branch 1", "nodes": [
                {"kind": "step", "name": "a", "retries": 1}
              ]},
              {"label": "branch 2", "nodes": [
                {"kind": "step", "name": "b", "retries": 1}
              ]}
            ]},
            {"kind": "branch", "name": "switch (kind)", "paths": [
              {"label": "case \\"x\\"", "nodes": [
                {"kind": "step", "name": "a", "retries": 1}
              ]},
              {"label": "case \\"y\\"", "nodes": [
                {"kind": "step", "name": "b", "retries": 1},
                {"kind": "step", "name": "c", "retries": 1}
              ]},
              {"label": "default", "nodes": []}
            ]},
            {"kind": "loop", "name": "while (n \\u003c 3)", "paths": [
              {"label": "repeat", "nodes": [
                {"kind": "step", "name": "b", "retries": 1}
              ]}
            ]},
            {"kind": "branch", "name": "try", "paths": [
              {"label": "try", "nodes": [
                {"kind": "step", "name": "c", "retries": 1}
              ]},
              {"label": "catch RuntimeException", "nodes": [
                {"kind": "step", "name": "a", "retries": 1}
              ]}
            ]},
            {"kind": "event", "name": "progress"}
          ],
          "routes": [],
          "compensations": [],
          "onFailure": null
        }
        """, resource(compilation, "com.acme.shape.BranchyFlowDurable"));
  }

  @Test
  void namesEventsStreamsAndAttributesByTheirKeysAndEmitsContinueAsNew() {
    Compilation compilation = compile();
    assertThat(compilation).succeededWithoutWarnings();
    assertEquals("""
        {
          "format": 1,
          "workflow": "talking",
          "version": "1",
          "timeoutMs": 0,
          "nodes": [
            {"kind": "branch", "name": "if (round \\u003c 3)", "paths": [
              {"label": "then", "nodes": [
                {"kind": "continue-as-new", "name": "continue-as-new", "input": "question, round + 1"}
              ]},
              {"label": "else", "nodes": []}
            ]},
            {"kind": "attribute", "name": "topic"},
            {"kind": "step", "name": "answer", "retries": 1},
            {"kind": "stream", "name": "answers"},
            {"kind": "close", "name": "answers"},
            {"kind": "event", "name": "progress", "constant": "PROGRESS"},
            {"kind": "event", "name": "done", "constant": "Keys.DONE"},
            {"kind": "event", "name": "talk-progress", "constant": "PREFIX + \\"-\\" + PROGRESS"},
            {"kind": "event", "name": "\\"round-\\" + round", "computed": true},
            {"kind": "stream", "name": "say \\"hi\\""},
            {"kind": "branch", "name": "if (question.isEmpty())", "paths": [
              {"label": "then", "nodes": [
                {"kind": "continue-as-new", "name": "continue-as-new", "input": "\\"again\\", 0"}
              ]},
              {"label": "else", "nodes": []}
            ]}
          ],
          "routes": [],
          "compensations": [],
          "onFailure": null
        }
        """, resource(compilation, "com.acme.shape.TalkingFlowDurable"));
  }
}
