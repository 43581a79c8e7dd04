package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.WorkflowContext;
import java.util.ArrayList;
import java.util.List;

/**
 * A run that talks back: it follows the commands of its input, one by one, and answers with what
 * its bad calls threw, if any (else "done").
 *
 * <ul>
 *   <li>{@code set <key> <text>}, {@code num <key> <n>}: sets an event to a string or a number;
 *   <li>{@code write <key> <text>}: writes to a stream the text a step returns in capitals;
 *   <li>{@code many <key> <n>}: writes {@code v0} to {@code v<n-1>} to a stream;
 *   <li>{@code close <key>}: closes a stream;
 *   <li>{@code lines <key>}: writes each {@code line} signal to a stream and sets event {@code
 *       last} to it, until the signal {@code end};
 *   <li>{@code wait}: waits for one {@code line} signal;
 *   <li>{@code fail}: fails the run (code {@code talk_failed});
 *   <li>{@code bad <what>}: makes a bad call and catches what it throws: {@code blank} key, {@code
 *       long} key, {@code null} value, {@code big} value (over 2,000 bytes), {@code object} (a
 *       value Jackson cannot write), {@code closed} (a write to stream {@code s} once closed),
 *       {@code nul} (an event's key with a NUL), {@code escape} (a stream's key with an escape),
 *       {@code newline} (a stream's key with a newline, closed).
 * </ul>
 */
@Workflow(name = "talking")
public class TalkingWorkflow {

  @Signal
  protected String line() {
    return "never: the wait has no limit";
  }

  @Step
  protected String upper(String text) {
    return text.toUpperCase();
  }

  @Step
  protected void fail(String why) {
    throw new FatalError(why, "talk_failed");
  }

  @Run
  public String run(WorkflowContext ctx, List<String> commands) {
    List<String> thrown = new ArrayList<>();
    for (String command : commands) {
      String[] words = command.split(" ", 3);
      switch (words[0]) {
        case "set" -> ctx.setEvent(words[1], words[2]);
        case "num" -> ctx.setEvent(words[1], Integer.parseInt(words[2]));
        case "write" -> ctx.writeStream(words[1], upper(words[2]));
        case "many" -> {
          for (int i = 0; i < Integer.parseInt(words[2]); i++) {
            ctx.writeStream(words[1], "v" + i);
          }
        }
        case "close" -> ctx.closeStream(words[1]);
        case "lines" -> {
          for (String line = line(); !line.equals("end"); line = line()) {
            ctx.writeStream(words[1], line);
            ctx.setEvent("last", line);
          }
        }
        case "wait" -> line();
        case "fail" -> fail("told to fail");
        case "bad" -> {
          try {
            bad(ctx, words[1]);
            thrown.add("nothing");
          } catch (RuntimeException e) {
            thrown.add(e.getClass().getSimpleName() + ": " + e.getMessage());
          }
        }
        default -> throw new IllegalArgumentException("no command " + command);
      }
    }
    return thrown.isEmpty() ? "done" : String.join("\n", thrown);
  }

  private static void bad(WorkflowContext ctx, String what) {
    switch (what) {
      case "blank" -> ctx.setEvent(" ", 1);
      case "long" -> ctx.writeStream("k".repeat(201), 1);
      case "null" -> ctx.setEvent("e", null);
      case "big" -> ctx.setEvent("e", "x".repeat(2_001));
      case "object" -> ctx.writeStream("s", new Object());
      case "nul" -> ctx.setEvent("a\u0000b", 1);
      case "escape" -> ctx.writeStream("a\u001bb", 1);
      case "newline" -> ctx.closeStream("a\nb");
      case "closed" -> {
        ctx.closeStream("s");
        ctx.writeStream("s", "late");
      }
      default -> throw new IllegalArgumentException("no bad call " + what);
    }
  }
}
