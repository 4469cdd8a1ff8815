// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Utils} from "@openzeppelin/contracts/token/ERC721/utils/ERC721Utils.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title MEEET collectible token
/// @notice Three levels (0 Silver, 1 Gold, 2 Platinum). A holder owns at most one token per
/// level, so at most three; only the market may hold any number, because it keeps the stock.
/// Metadata: `tokenURI(id)` is an admin-set base URI followed by the decimal id (the platform's
/// `/api/market/tokens/{id}` JSON with name, description, image and attributes).
contract MeeetToken is ERC721, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    uint8 public constant LEVEL_COUNT = 3;
    bytes4 private constant ERC4906_INTERFACE_ID = 0x49064906;

    struct TokenInfo {
        uint8 level;
        address generatorA;
        address generatorB;
    }

    mapping(uint256 tokenId => TokenInfo) private _info;
    // Token id per holder and level; ids start at 1 so 0 means "none".
    mapping(address holder => mapping(uint8 level => uint256 tokenId)) private _heldByLevel;
    uint256 private _lastTokenId;
    address private _market;
    string private _baseTokenURI;

    event TokenMinted(
        uint256 indexed tokenId,
        address indexed to,
        uint8 indexed level,
        address generatorA,
        address generatorB
    );
    event MarketChanged(address indexed previousMarket, address indexed newMarket);
    event BaseURIChanged(string previousBaseURI, string newBaseURI);
    /// @dev ERC-4906: marketplaces refresh the metadata of tokens in the range.
    event BatchMetadataUpdate(uint256 fromTokenId, uint256 toTokenId);

    error InvalidLevel(uint8 level);
    error InvalidGenerators(address generatorA, address generatorB);
    error AlreadyHoldsLevel(address holder, uint8 level);
    error MarketNeedsSafeTransfer(uint256 tokenId);

    constructor(address admin) ERC721("MEEET", "MEEET") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    // ── Minting ───────────────────────────────────────────────────────────────────────────

    /// @notice Mints the next token. Genesis stock has no generators (both zero); a token minted
    /// after a meeting has both. Minting to a contract (the market) runs its receiver hook, so
    /// the market can hand the token to the head of its queue at once.
    function mint(
        address to,
        uint8 level,
        address generatorA,
        address generatorB
    ) external onlyRole(MINTER_ROLE) returns (uint256 tokenId) {
        if (level >= LEVEL_COUNT) revert InvalidLevel(level);
        if ((generatorA == address(0)) != (generatorB == address(0))) {
            revert InvalidGenerators(generatorA, generatorB);
        }
        tokenId = ++_lastTokenId;
        // Level first: _update reads it to enforce one token per level.
        _info[tokenId] = TokenInfo(level, generatorA, generatorB);
        _mint(to, tokenId);
        emit TokenMinted(tokenId, to, level, generatorA, generatorB);
        // The receiver hook runs after the event so logs read mint → delivery in order.
        ERC721Utils.checkOnERC721Received(_msgSender(), address(0), to, tokenId, "");
    }

    // ── Administration ────────────────────────────────────────────────────────────────────

    function setMarket(address newMarket) external onlyRole(DEFAULT_ADMIN_ROLE) {
        address previous = _market;
        _market = newMarket;
        emit MarketChanged(previous, newMarket);
    }

    /// @notice Where token metadata lives: `tokenURI(id)` = `newBaseURI` + id. Marketplaces are
    /// told to refresh every token's metadata (ERC-4906).
    function setBaseURI(string calldata newBaseURI) external onlyRole(DEFAULT_ADMIN_ROLE) {
        string memory previous = _baseTokenURI;
        _baseTokenURI = newBaseURI;
        emit BaseURIChanged(previous, newBaseURI);
        emit BatchMetadataUpdate(1, type(uint256).max);
    }

    // ── Views ─────────────────────────────────────────────────────────────────────────────

    function market() external view returns (address) {
        return _market;
    }

    function levelOf(uint256 tokenId) external view returns (uint8) {
        _requireOwned(tokenId);
        return _info[tokenId].level;
    }

    function generatorsOf(uint256 tokenId) external view returns (address generatorA, address generatorB) {
        _requireOwned(tokenId);
        TokenInfo storage info = _info[tokenId];
        return (info.generatorA, info.generatorB);
    }

    /// @return tokenId the holder's token of that level, 0 when none (always 0 for the market).
    function tokenOfLevel(address holder, uint8 level) external view returns (uint256) {
        if (level >= LEVEL_COUNT) revert InvalidLevel(level);
        return _heldByLevel[holder][level];
    }

    /// @return tokenIds the holder's token per level (index = level), 0 where none.
    function tokensOf(address holder) external view returns (uint256[3] memory tokenIds) {
        for (uint8 level = 0; level < LEVEL_COUNT; ++level) {
            tokenIds[level] = _heldByLevel[holder][level];
        }
    }

    function totalMinted() external view returns (uint256) {
        return _lastTokenId;
    }

    /// @return The base of every token URI; empty until the admin sets it.
    function baseURI() external view returns (string memory) {
        return _baseTokenURI;
    }

    /// @dev Also ERC-4906 (metadata update events), whose interface id is 0x49064906.
    function supportsInterface(bytes4 interfaceId) public view override(ERC721, AccessControl) returns (bool) {
        return interfaceId == ERC4906_INTERFACE_ID || super.supportsInterface(interfaceId);
    }

    function _baseURI() internal view override returns (string memory) {
        return _baseTokenURI;
    }

    // ── Transfers ─────────────────────────────────────────────────────────────────────────

    /// @dev A plain transfer into the market would skip its receiver hook and leave the token
    /// outside its stock and queue bookkeeping, so the market only takes safe transfers.
    function transferFrom(address from, address to, uint256 tokenId) public override {
        if (to == _market && to != address(0)) revert MarketNeedsSafeTransfer(tokenId);
        super.transferFrom(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public override {
        // ERC721.safeTransferFrom calls the public transferFrom, which refuses the market.
        super.transferFrom(from, to, tokenId);
        ERC721Utils.checkOnERC721Received(_msgSender(), from, to, tokenId, data);
    }

    /// @dev Every mint, transfer and burn passes here, so the one-per-level rule holds for all.
    function _update(address to, uint256 tokenId, address auth) internal override returns (address from) {
        from = super._update(to, tokenId, auth);
        uint8 level = _info[tokenId].level;
        address stockHolder = _market;
        if (from != address(0) && from != stockHolder) delete _heldByLevel[from][level];
        if (to != address(0) && to != stockHolder) {
            if (_heldByLevel[to][level] != 0) revert AlreadyHoldsLevel(to, level);
            _heldByLevel[to][level] = tokenId;
        }
    }
}
