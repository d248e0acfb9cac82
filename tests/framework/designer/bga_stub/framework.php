<?php
/*
 * A stand-in for BGA's framework, for the tests only: the base classes, attributes, enums and
 * exceptions an exported project uses, with the signatures BGA's own declares (its IDE helper), and
 * as little behaviour as the check needs: a state machine and a Deck factory that note their calls,
 * and clienttranslate() noting each string marked for translation.
 */
declare(strict_types=1);

namespace {
    $GLOBALS['stub_translated'] = [];

    function clienttranslate(string $text): string
    {
        $GLOBALS['stub_translated'][] = $text;
        return $text;
    }
}

namespace Bga\GameFramework {
    enum StateType: string
    {
        case ACTIVE_PLAYER = 'activeplayer';
        case MULTIPLE_ACTIVE_PLAYER = 'multipleactiveplayer';
        case PRIVATE = 'private';
        case GAME = 'game';
        case MANAGER = 'manager';
    }

    class UserException extends \Exception
    {
        public function __construct(string $message)
        {
            parent::__construct($message);
        }
    }

    class SystemException extends \Exception
    {
        public function __construct(string $message)
        {
            parent::__construct($message);
        }
    }

    class VisibleSystemException extends SystemException
    {
    }

    /** Notes the calls made to it, in order. */
    class GamestateMachine
    {
        public array $calls = [];

        public function setAllPlayersMultiactive(): void
        {
            $this->calls[] = ['setAllPlayersMultiactive'];
        }

        public function setPlayersMultiactive(array $players, string $nextState, bool $bExclusive = false): bool
        {
            $this->calls[] = ['setPlayersMultiactive', $players, $nextState, $bExclusive];
            return false;
        }

        public function setPlayerNonMultiactive(int $player_id, string $next_state): bool
        {
            $this->calls[] = ['setPlayerNonMultiactive', $player_id, $next_state];
            return false;
        }

        public function nextState(string $transition = ''): void
        {
            $this->calls[] = ['nextState', $transition];
        }

        public function changeActivePlayer(int $playerId): void
        {
            $this->calls[] = ['changeActivePlayer', $playerId];
        }
    }

    class TableOptions
    {
        public function get(int $optionId): int
        {
            return 0;
        }
    }

    abstract class Table
    {
        public GamestateMachine $gamestate;
        public Components\DeckFactory $deckFactory;
        public TableOptions $tableOptions;

        public function __construct()
        {
            $this->gamestate = new GamestateMachine();
            $this->deckFactory = new Components\DeckFactory();
            $this->tableOptions = new TableOptions();
        }

        abstract protected function setupNewGame($players, $options = []);

        public function getGameProgression()
        {
            return 0;
        }

        public function upgradeTableDb($from_version)
        {
        }
    }
}

namespace Bga\GameFramework\Components {
    class Deck
    {
        public function __construct(public string $table)
        {
        }
    }

    class DeckFactory
    {
        public array $made = [];

        public function createDeck(string $tableName): Deck
        {
            $this->made[] = $tableName;
            return new Deck($tableName);
        }
    }
}

namespace Bga\GameFramework\States {
    #[\Attribute(\Attribute::TARGET_METHOD)]
    final class PossibleAction
    {
    }

    abstract class GameState
    {
        public function __construct(
            $game,
            public int $id,
            public \Bga\GameFramework\StateType $type,
            public ?string $name = null,
            public string $description = '',
            public string $descriptionMyTurn = '',
            public array $transitions = [],
            public bool $updateGameProgression = false,
            public ?int $initialPrivate = null,
        ) {
        }

        public function getRandomZombieChoice(array $choices): mixed
        {
            return $choices[array_rand($choices)];
        }

        public function getBestZombieChoice(array $choices, bool $reversed = false): mixed
        {
            $reversed ? asort($choices) : arsort($choices);
            return array_key_first($choices);
        }
    }
}

namespace Bga\GameFramework\Actions {
    #[\Attribute(\Attribute::TARGET_METHOD)]
    final class CheckAction
    {
        public function __construct(public bool $enabled = true)
        {
        }
    }
}

namespace Bga\GameFramework\Actions\Types {
    #[\Attribute(\Attribute::TARGET_PARAMETER)]
    final class IntParam
    {
        public function __construct(?string $name = null, public ?int $min = null, public ?int $max = null)
        {
        }
    }

    #[\Attribute(\Attribute::TARGET_PARAMETER)]
    final class BoolParam
    {
        public function __construct(?string $name = null)
        {
        }
    }

    #[\Attribute(\Attribute::TARGET_PARAMETER)]
    final class FloatParam
    {
        public function __construct(?string $name = null, public ?float $min = null, public ?float $max = null)
        {
        }
    }

    #[\Attribute(\Attribute::TARGET_PARAMETER)]
    final class IntArrayParam
    {
        public function __construct(?string $name = null, public ?int $min = null, public ?int $max = null)
        {
        }
    }

    #[\Attribute(\Attribute::TARGET_PARAMETER)]
    final class StringParam
    {
        public function __construct(
            ?string $name = null,
            public ?bool $alphanum = false,
            public ?bool $alphanum_dash = false,
            public ?bool $base64 = false,
            public ?array $enum = null,
        ) {
        }
    }

    #[\Attribute(\Attribute::TARGET_PARAMETER)]
    final class JsonParam
    {
        public function __construct(?string $name = null, public ?bool $associative = true, public ?bool $alphanum = true)
        {
        }
    }
}

namespace {
    abstract class Table extends \Bga\GameFramework\Table
    {
    }
}
