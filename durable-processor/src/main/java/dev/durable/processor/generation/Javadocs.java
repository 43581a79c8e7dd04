package dev.durable.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Javadoc text for generated code, wrapped at 100 columns (JavaPoet does not wrap javadoc), and
 * links back to the user's code. Inline tags such as {@code {@link Foo#bar(Baz)}} are never split.
 */
final class Javadocs {
  private static final int WIDTH = 100;
  private static final Pattern PACKAGE_PREFIX =
      Pattern.compile("\\b(?:[a-z_][a-zA-Z0-9_]*\\.)+(?=[A-Z])");

  private Javadocs() {}

  /**
   * A javadoc comment from {@code format} and {@code args} (JavaPoet's {@code $L}, {@code $S},
   * {@code $T}, {@code $N}), wrapped to fit 100 columns when written at {@code indent} spaces.
   */
  static CodeBlock wrapped(int indent, String format, Object... args) {
    List<Word> words = words(format, args);
    int available = WIDTH - indent - " * ".length();
    CodeBlock.Builder text = CodeBlock.builder();
    int column = 0;
    for (Word word : words) {
      if (column == 0) {
        column = word.width();
      } else if (column + 1 + word.width() > available) {
        text.add("\n");
        column = word.width();
      } else {
        text.add(" ");
        column += 1 + word.width();
      }
      text.add(word.code());
    }
    return text.add("\n").build();
  }

  /**
   * A link target for a method of {@code type}, such as {@code CheckoutWorkflow#audit(List)},
   * from the erasures of its parameter types.
   */
  static CodeBlock methodLink(ClassName type, String method, List<TypeName> erasedParams) {
    CodeBlock.Builder link = CodeBlock.builder().add("$T#$L(", type, method);
    for (int i = 0; i < erasedParams.size(); i++) {
      link.add(i == 0 ? "$T" : ", $T", erasedParams.get(i));
    }
    return link.add(")").build();
  }

  /** A word of text: never broken, and as wide as it will be once written. */
  private record Word(CodeBlock code, int width) {}

  /**
   * Splits {@code format} at spaces into words, keeping each inline tag ({@code {@...}}) in one
   * word, each with its own arguments.
   */
  private static List<Word> words(String format, Object[] args) {
    List<Word> words = new ArrayList<>();
    int arg = 0;
    StringBuilder pending = new StringBuilder();
    int depth = 0;
    for (String piece : format.split(" ")) {
      if (pending.length() > 0) {
        pending.append(' ');
      }
      pending.append(piece);
      depth += count(piece, '{') - count(piece, '}');
      if (depth > 0) {
        continue;
      }
      String wordFormat = pending.toString();
      int used = placeholders(wordFormat);
      CodeBlock code = CodeBlock.of(wordFormat, Arrays.copyOfRange(args, arg, arg + used));
      arg += used;
      words.add(new Word(code, PACKAGE_PREFIX.matcher(code.toString()).replaceAll("").length()));
      pending.setLength(0);
      depth = 0;
    }
    if (arg != args.length) {
      throw new IllegalArgumentException("unused javadoc arguments in: " + format);
    }
    return words;
  }

  private static int count(String text, char c) {
    return (int) text.chars().filter(ch -> ch == c).count();
  }

  /** How many arguments {@code format} consumes. */
  private static int placeholders(String format) {
    int count = 0;
    for (int i = 0; i < format.length() - 1; i++) {
      if (format.charAt(i) == '$') {
        char next = format.charAt(i + 1);
        if (next == 'L' || next == 'S' || next == 'T' || next == 'N') {
          count++;
        }
        i++;
      }
    }
    return count;
  }
}
