package dev.durable.processor.shape;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.TreePath;
import java.util.List;
import javax.lang.model.element.ExecutableElement;

/**
 * What the scan of one {@code @Run} method met that the determinism lint checks: its calls,
 * constructor calls and method references, in the lambdas and classes of its body too, but not in
 * the helpers the shape reads in place.
 *
 * @param run the {@code @Run} method
 * @param declaration the path of its declaration
 * @param calls the path of each, in the order met
 */
public record RunCalls(ExecutableElement run, TreePath declaration, List<TreePath> calls) {

  public RunCalls {
    calls = List.copyOf(calls);
  }

  /** The source file the method is declared in. */
  public CompilationUnitTree unit() {
    return declaration.getCompilationUnit();
  }
}
