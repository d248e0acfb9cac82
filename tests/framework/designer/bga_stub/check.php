<?php
/*
 * Loads an exported BGA project on the framework stand-in (framework.php) and reports, as JSON on
 * stdout, what it finds: every PHP file loaded (deprecations count as failures), the Game class
 * built and the first state it returns, each State class built with its declarations, and each of
 * their methods checked against BGA's conventions and called with arguments of its types. A
 * method may throw "Not ported yet"; any other failure is a problem. Exit code 1 when there is one.
 *
 *     php check.php EXPORT_DIR PROJECT_NAME
 */
declare(strict_types=1);

require __DIR__ . '/framework.php';

use Bga\GameFramework\Actions\CheckAction;
use Bga\GameFramework\Actions\Types\IntArrayParam;
use Bga\GameFramework\Actions\Types\JsonParam;
use Bga\GameFramework\States\GameState;
use Bga\GameFramework\States\PossibleAction;
use Bga\GameFramework\SystemException;
use Bga\GameFramework\UserException;

const PLAYER = 2001;
const MAGIC = ['activePlayerId' => 'int', 'currentPlayerId' => 'int', 'args' => 'array'];
const TYPES = ['int', 'bool', 'float', 'string', 'array', 'mixed'];

[, $dir, $project] = $argv;
$namespace = 'Bga\\Games\\' . ucfirst($project);
$report = ['game' => null, 'states' => [], 'notifications' => [], 'legacy' => null, 'translated' => [],
           'problems' => []];

function problem(string $text): void
{
    $GLOBALS['report']['problems'][] = $text;
}

function describe(Throwable $error): string
{
    return get_class($error) . ': ' . $error->getMessage() . ' (' . basename($error->getFile()) . ':'
        . $error->getLine() . ')';
}

set_error_handler(function (int $level, string $message, string $file, int $line): bool {
    throw new ErrorException($message, 0, $level, $file, $line);
});

spl_autoload_register(function (string $class) use ($dir, $namespace): void {
    if (str_starts_with($class, $namespace . '\\')) {
        $path = $dir . '/modules/php/' . str_replace('\\', '/', substr($class, strlen($namespace) + 1)) . '.php';
        if (is_file($path)) {
            require_once $path;
        }
    }
});

/** Runs a generated method: it may return, or throw "Not ported yet" (or a rule's refusal). */
function run(string $where, callable $call): mixed
{
    try {
        return $call();
    } catch (SystemException $error) {
        if (!str_starts_with($error->getMessage(), 'Not ported yet')) {
            problem("$where: " . describe($error));
        }
    } catch (UserException) {
    } catch (Throwable $error) {
        problem("$where: " . describe($error));
    }
    return null;
}

function sample(ReflectionParameter $parameter): mixed
{
    if (array_key_exists($parameter->getName(), MAGIC)) {
        return MAGIC[$parameter->getName()] === 'int' ? PLAYER : [];
    }
    return match ($parameter->getType()?->getName()) {
        'int' => 0, 'bool' => false, 'float' => 0.0, 'string' => '', 'array' => [], default => null,
    };
}

/** The attributes of a method and of its parameters, made: a wrong name, target or argument fails. */
function attributes(ReflectionMethod $method, string $where): bool
{
    try {
        foreach ($method->getAttributes() as $attribute) {
            $attribute->newInstance();
        }
        foreach ($method->getParameters() as $parameter) {
            foreach ($parameter->getAttributes() as $attribute) {
                $attribute->newInstance();
            }
        }
        return true;
    } catch (Throwable $error) {
        problem("$where: " . describe($error));
        return false;
    }
}

/** An act* method as BGA autowires it: every parameter typed, arrays read as JSON or whole numbers. */
function action(object $owner, ReflectionMethod $method, string $where): array
{
    $params = [];
    if (!$method->isPublic() || !str_starts_with($method->getName(), 'act')) {
        problem("$where: an action must be a public act* method");
    }
    foreach ($method->getParameters() as $parameter) {
        $type = $parameter->getType();
        $name = $parameter->getName();
        $kind = $type instanceof ReflectionNamedType ? $type->getName() : null;
        $attributes = array_map(fn($a) => (new ReflectionClass($a->getName()))->getShortName(),
                                $parameter->getAttributes());
        if (!in_array($kind, TYPES, true)) {
            problem("$where: \$$name has no type BGA reads (int, bool, float, string, array, mixed)");
        } elseif (array_key_exists($name, MAGIC) && ($kind !== MAGIC[$name] || $type->allowsNull())) {
            problem("$where: \$$name is filled in by BGA as " . MAGIC[$name]);
        } elseif (in_array($kind, ['array', 'mixed'], true) && !array_key_exists($name, MAGIC)
                  && !$parameter->getAttributes(JsonParam::class) && !$parameter->getAttributes(IntArrayParam::class)) {
            problem("$where: \$$name is $kind without #[JsonParam] or #[IntArrayParam]: BGA cannot read it");
        }
        if ($parameter->isOptional() && !$parameter->isDefaultValueAvailable()) {
            problem("$where: \$$name is optional without a default");
        }
        $params[] = ['name' => $name, 'type' => $kind, 'nullable' => $type?->allowsNull() ?? false,
                     'optional' => $parameter->isOptional(),
                     'default' => $parameter->isDefaultValueAvailable() ? $parameter->getDefaultValue() : null,
                     'attributes' => $attributes];
    }
    $returned = run($where, fn() => $method->invokeArgs($owner, array_map('sample', $method->getParameters())));
    return ['name' => $method->getName(), 'params' => $params, 'returned' => $returned,
            'out_of_turn' => (bool) $method->getAttributes(CheckAction::class)];
}

// ----- every file loads and declares the class its path names ----------------------------------------
$paths = [];
$root = $dir . '/modules/php/';
foreach (new RecursiveIteratorIterator(new RecursiveDirectoryIterator($root, FilesystemIterator::SKIP_DOTS)) as $file) {
    if ($file->getExtension() === 'php') {
        $paths[] = substr($file->getPathname(), strlen($root));
    }
}
sort($paths);
$stateClasses = [];
foreach ($paths as $relative) {
    $class = $namespace . '\\' . str_replace('/', '\\', substr($relative, 0, -4));
    try {
        if (!class_exists($class)) {
            problem("modules/php/$relative does not declare $class");
        } elseif (str_starts_with($relative, 'States/')) {
            $stateClasses[] = $class;
        }
    } catch (Throwable $error) {
        problem("modules/php/$relative does not load: " . describe($error));
    }
}

// ----- the Game class ---------------------------------------------------------------------------------
$game = null;
$gameClass = $namespace . '\\Game';
try {
    if (class_exists($gameClass)) {
        $game = new $gameClass();
        if (!$game instanceof \Bga\GameFramework\Table) {
            problem('Game does not extend \\Bga\\GameFramework\\Table');
        }
        foreach (['setupNewGame', 'getAllDatas', 'getGameProgression'] as $name) {
            if (!method_exists($game, $name)) {
                problem("Game has no $name()");
            }
        }
        $setup = new ReflectionMethod($game, 'setupNewGame');
        $players = [PLAYER => ['player_name' => 'Anna', 'player_colors' => ['ff0000'], 'player_canal' => '',
                               'player_avatar' => '']];
        $actions = [];
        foreach ((new ReflectionClass($game))->getMethods() as $method) {
            $where = "Game::{$method->getName()}";
            if ($method->getDeclaringClass()->getName() === $gameClass && str_starts_with($method->getName(), 'act')
                && attributes($method, $where)) {
                $actions[] = action($game, $method, $where);
            }
        }
        $report['game'] = ['first' => run('Game::setupNewGame', fn() => $setup->invoke($game, $players, [])),
                           'decks' => $game->deckFactory->made, 'actions' => $actions,
                           'properties' => array_keys(get_object_vars($game))];
    } else {
        problem("no class $gameClass");
    }
} catch (Throwable $error) {
    problem('Game: ' . describe($error));
}

// ----- each State class -------------------------------------------------------------------------------
$ids = [];
foreach ($stateClasses as $class) {
    $short = (new ReflectionClass($class))->getShortName();
    try {
        $state = new $class($game);
    } catch (Throwable $error) {
        problem("$short cannot be built: " . describe($error));
        continue;
    }
    if (!$state instanceof GameState) {
        problem("$short does not extend GameState");
        continue;
    }
    if (in_array($state->id, [1, 99], true) || isset($ids[$state->id])) {
        problem("$short: id {$state->id} is reserved or taken");
    }
    $ids[$state->id] = $class;
    $info = ['class' => $short, 'id' => $state->id, 'name' => $state->name, 'type' => $state->type->value,
             'description' => $state->description, 'descriptionMyTurn' => $state->descriptionMyTurn,
             'transitions' => $state->transitions, 'updateGameProgression' => $state->updateGameProgression,
             'actions' => [], 'entered' => null, 'zombie' => false];
    $reflected = new ReflectionClass($state);
    foreach ($reflected->getMethods() as $method) {
        $where = "$short::{$method->getName()}";
        if ($method->getDeclaringClass()->getName() !== $class || !attributes($method, $where)) {
            continue;
        }
        if ($method->getAttributes(PossibleAction::class)) {
            $info['actions'][] = action($state, $method, $where);
        }
    }
    if ($reflected->hasMethod('getArgs')) {
        $args = $reflected->getMethod('getArgs');
        if ((string) $args->getReturnType() !== 'array') {
            problem("$short::getArgs must return an array");
        }
        run("$short::getArgs", fn() => $args->invoke($state));
    }
    if ($reflected->hasMethod('onEnteringState')) {
        $enter = $reflected->getMethod('onEnteringState');
        foreach ($enter->getParameters() as $parameter) {
            if (!array_key_exists($parameter->getName(), MAGIC)) {
                problem("$short::onEnteringState takes \${$parameter->getName()}: BGA passes only its magic parameters");
            }
        }
        $before = count($game->gamestate->calls);
        $info['entered'] = ['returned' => run("$short::onEnteringState",
                                              fn() => $enter->invokeArgs($state, array_map('sample', $enter->getParameters()))),
                            'calls' => array_slice($game->gamestate->calls, $before)];
    } elseif ($state->type->value === 'game') {
        problem("$short is a game state without onEnteringState(): nothing moves on from it");
    }
    if ($reflected->hasMethod('zombie')) {
        $zombie = $reflected->getMethod('zombie');
        $first = $zombie->getParameters()[0] ?? null;
        if (!$zombie->isPublic() || $first === null || (string) $first->getType() !== 'int') {
            problem("$short::zombie must be public and take the player's id (int)");
        }
        run("$short::zombie", fn() => $zombie->invoke($state, PLAYER));
        $info['zombie'] = true;
    } elseif ($state->type->value !== 'game') {
        problem("$short has no zombie(): BGA needs one in every player state");
    }
    $report['states'][] = $info;
}
$known = fn($target) => is_int($target) ? ($target === 99 || isset($ids[$target]))
    : (is_string($target) && in_array(ltrim($target, '\\'), $stateClasses, true));
foreach ($report['states'] as $info) {
    foreach ($info['transitions'] as $label => $target) {
        if (!$known($target)) {
            problem("{$info['class']}: transition '$label' leads to $target, no state");
        }
    }
    foreach ([...$info['actions'], ['name' => 'onEnteringState', 'returned' => $info['entered']['returned'] ?? null]]
             as $method) {
        if ($method['returned'] !== null && !$known($method['returned'])) {
            problem("{$info['class']}::{$method['name']} returns {$method['returned']}, no state");
        }
    }
}
if ($report['game'] !== null && $stateClasses && !$known($report['game']['first'])) {
    problem('Game::setupNewGame returns ' . json_encode($report['game']['first']) . ', no state');
}

// ----- the older layout: states.inc.php ---------------------------------------------------------------
if (is_file($dir . '/states.inc.php')) {
    $machinestates = (function (string $path): array {
        include $path;
        return $machinestates;
    })($dir . '/states.inc.php');
    $own = ['stGameSetup', 'stGameEnd', 'argGameEnd'];  // the framework's
    foreach ($machinestates as $id => $declared) {
        foreach (['action', 'args'] as $field) {
            $method = $declared[$field] ?? null;
            if ($method !== null && !in_array($method, $own, true) && !method_exists($game, $method)) {
                problem("states.inc.php state $id: Game has no $method()");
            }
        }
        foreach ($declared['possibleactions'] ?? [] as $action) {
            if (!method_exists($game, $action)) {
                problem("states.inc.php state $id: Game has no $action()");
            }
        }
        foreach ($declared['transitions'] ?? [] as $label => $target) {
            if (!isset($machinestates[$target])) {
                problem("states.inc.php state $id: transition '$label' leads to $target, no state");
            }
        }
    }
    $report['legacy'] = $machinestates;
}

// ----- notifications and what is marked for translation -------------------------------------------
$notifications = $namespace . '\\Notifications';
if (class_exists($notifications)) {
    $report['notifications'] = run('Notifications::all', fn() => $notifications::all()) ?? [];
}
$report['translated'] = array_values(array_unique($GLOBALS['stub_translated']));
foreach ($report['notifications'] as $note) {
    if ($note['log'] !== '' && !in_array($note['log'], $report['translated'], true)) {
        problem("notification {$note['type']}: its log is not marked for translation");
    }
}

echo json_encode($report, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
exit($report['problems'] ? 1 : 0);
