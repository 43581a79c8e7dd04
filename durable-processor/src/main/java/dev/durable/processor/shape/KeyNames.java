package dev.durable.processor.shape;

import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Names the node of a call that takes a key ({@code ctx.setEvent}, {@code writeStream}, {@code
 * closeStream}, {@code attribute}) by the key its checkpoint records, so that a run's graph finds
 * the checkpoints of the call:
 *
 * <ul>
 *   <li>a string literal: its value ({@code "answers"} names the node {@code answers});
 *   <li>a constant javac knows, or literals and constants joined with {@code +}: its value, with
 *       the attribute {@code constant} holding the source text ({@code Keys.DONE});
 *   <li>anything else (a variable, a method's result, a key joined with a variable): the source
 *       text, with the attribute {@code computed} ({@code true}): the key is known only when the
 *       run makes the call.
 * </ul>
 *
 * <p>A constant is a {@code static final} (or {@code final}) field with a constant initializer: of
 * the workflow class, a class it is nested in, or a class it inherits from, by its simple name; one
 * imported with {@code import static}; or {@code Type.NAME}, the type found as the source names it
 * (nested in the workflow or its outer classes, imported, in the workflow's package, {@code
 * java.lang}, or fully qualified). A simple name that is a local variable or parameter of the body
 * is never taken for a field.
 */
final class KeyNames {
  private final Elements elements;
  private final TypeElement workflow;
  private final CompilationUnitTree unit;

  KeyNames(Elements elements, TypeElement workflow, CompilationUnitTree unit) {
    this.elements = elements;
    this.workflow = workflow;
    this.unit = unit;
  }

  /**
   * The node of a call of {@code kind} whose key is {@code key}.
   *
   * @param locals the names of the body's local variables and parameters seen so far
   */
  ShapeNode node(String kind, ExpressionTree key, Set<String> locals) {
    Optional<String> value = value(key, locals);
    Map<String, Object> attributes = new LinkedHashMap<>();
    if (value.isEmpty()) {
      attributes.put("computed", true);
    } else if (key.getKind() != Tree.Kind.STRING_LITERAL) {
      attributes.put("constant", Labels.text(key));
    }
    return new ShapeNode(kind, value.orElseGet(() -> Labels.text(key)), attributes,
        List.of());
  }

  /** The value of {@code tree} if it is a constant string expression javac knows. */
  private Optional<String> value(ExpressionTree tree, Set<String> locals) {
    if (tree instanceof ParenthesizedTree parenthesized) {
      return value(parenthesized.getExpression(), locals);
    }
    if (tree instanceof LiteralTree literal) {
      return literal.getValue() instanceof String text ? Optional.of(text) : Optional.empty();
    }
    if (tree instanceof BinaryTree binary && binary.getKind() == Tree.Kind.PLUS) {
      // both sides strings: + joins them (1 + 2 + "x" would add first, so it is not folded here)
      Optional<String> left = value(binary.getLeftOperand(), locals);
      Optional<String> right = value(binary.getRightOperand(), locals);
      return left.isPresent() && right.isPresent()
          ? Optional.of(left.get() + right.get()) : Optional.empty();
    }
    if (tree instanceof IdentifierTree id) {
      String name = id.getName().toString();
      return locals.contains(name) ? Optional.empty() : inScope(name);
    }
    if (tree instanceof MemberSelectTree select && isName(select.getExpression())) {
      String qualifier = select.getExpression().toString();
      String name = select.getIdentifier().toString();
      if (qualifier.equals("this")) {
        return constant(workflow, name);
      }
      String first = qualifier.contains(".")
          ? qualifier.substring(0, qualifier.indexOf('.')) : qualifier;
      return locals.contains(first) ? Optional.empty()
          : type(qualifier).flatMap(type -> constant(type, name));
    }
    return Optional.empty();
  }

  /** Whether {@code tree} is a name, simple or qualified ({@code Keys}, {@code a.b.Keys}). */
  private static boolean isName(ExpressionTree tree) {
    return tree instanceof IdentifierTree
        || tree instanceof MemberSelectTree select && isName(select.getExpression());
  }

  /** The constant a simple name refers to: a field of the workflow's scope, or imported. */
  private Optional<String> inScope(String name) {
    for (Element type = workflow; type instanceof TypeElement t;
        type = type.getEnclosingElement()) {
      Optional<String> found = constant(t, name);
      if (found.isPresent()) {
        return found;
      }
    }
    for (ImportTree imported : unit.getImports()) {
      if (imported.isStatic()
          && imported.getQualifiedIdentifier() instanceof MemberSelectTree member
          && (member.getIdentifier().contentEquals(name)
              || member.getIdentifier().contentEquals("*"))) {
        Optional<String> found = Optional.ofNullable(
            elements.getTypeElement(member.getExpression().toString()))
            .flatMap(type -> constant(type, name));
        if (found.isPresent()) {
          return found;
        }
      }
    }
    return Optional.empty();
  }

  /** The string constant {@code name} of {@code type} or of a type it inherits from. */
  private Optional<String> constant(TypeElement type, String name) {
    for (VariableElement field : ElementFilter.fieldsIn(elements.getAllMembers(type))) {
      if (field.getSimpleName().contentEquals(name)) {
        return field.getConstantValue() instanceof String text
            ? Optional.of(text) : Optional.empty();
      }
    }
    return Optional.empty();
  }

  /** The type the source text {@code name} ({@code Keys}, {@code a.b.Keys}) names, if found. */
  private Optional<TypeElement> type(String name) {
    String first = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
    String rest = name.substring(first.length());
    List<String> candidates = new ArrayList<>();
    for (Element type = workflow; type instanceof TypeElement t;
        type = type.getEnclosingElement()) {
      candidates.add(t.getQualifiedName() + "." + name);
    }
    for (ImportTree imported : unit.getImports()) {
      String qualified = imported.getQualifiedIdentifier().toString();
      if (imported.isStatic()) {
        continue;
      }
      if (qualified.endsWith("." + first)) {
        candidates.add(qualified + rest);
      } else if (qualified.endsWith(".*")) {
        candidates.add(qualified.substring(0, qualified.length() - 1) + name);
      }
    }
    String pkg = elements.getPackageOf(workflow).getQualifiedName().toString();
    candidates.add(pkg.isEmpty() ? name : pkg + "." + name);
    candidates.add("java.lang." + name);
    candidates.add(name);
    return candidates.stream().map(elements::getTypeElement).filter(t -> t != null).findFirst();
  }
}
